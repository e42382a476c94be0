// The operator binding at rest (migration 0115, services/operators/binding.ts): the credentials are
// sealed with AES-256-GCM under the configured key, bound to the organisation and provider, and only
// bindingOf opens them.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bindingOf, describeBinding, saveBinding } from '../../../src/server/services/operators/binding';
import { keyIdOf } from '../../../src/server/services/operators/credentialKey';
import { withDatabases } from '../harness';

const newKey = () => {
  const key = new Uint8Array(randomBytes(32));
  return { key, id: keyIdOf(key) };
};

const SECRET = 'partner-token-0123456789-very-secret';

withDatabases('operator binding at rest', (ctx) => {
  const orgs = async () =>
    (
      await ctx.db.query<{ id: string }>(
        "select id from organizations where tin in ('302000001','302000002') order by tin",
      )
    ).rows.map((row) => row.id);
  const userOf = async (organizationId: string) =>
    (
      await ctx.db.query<{ user_id: string }>(
        'select user_id from memberships where organization_id = $1 limit 1',
        [organizationId],
      )
    ).rows[0].user_id;

  it('stores the credentials sealed: the row holds neither the secret nor its text', async () => {
    const key = newKey();
    const [org] = await orgs();
    const outcome = await saveBinding(ctx.db, key, {
      organizationId: org,
      provider: 'didox',
      credentials: { partnerToken: SECRET, password: 'Pa55word!' },
      userId: await userOf(org),
    });
    expect(outcome.ok).toBe(true);
    const { rows } = await ctx.db.query('select * from operator_bindings where organization_id = $1', [org]);
    const dump = JSON.stringify(rows[0]) + Buffer.from(rows[0].credentials).toString('latin1');
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain('Pa55word!');
    expect(dump).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 12));
    expect(rows[0].key_id).toBe(key.id);
    expect(await bindingOf(ctx.db, org, key)).toEqual({
      provider: 'didox',
      credentials: { partnerToken: SECRET, password: 'Pa55word!' },
    });
  });

  it('describes a binding with masks only', async () => {
    const key = newKey();
    const [org] = await orgs();
    await saveBinding(ctx.db, key, {
      organizationId: org,
      provider: 'didox',
      credentials: { partnerToken: SECRET },
      userId: await userOf(org),
    });
    const summary = await describeBinding(ctx.db, org, key);
    expect(summary).toMatchObject({
      provider: 'didox',
      set: true,
      readable: true,
      mask: { partnerToken: '••••et' },
    });
    expect(JSON.stringify(summary)).not.toContain('secret');
  });

  it('keeps a field left empty when the provider stays, and asks for a required one otherwise', async () => {
    const key = newKey();
    const [, org] = await orgs();
    const userId = await userOf(org);
    expect(
      await saveBinding(ctx.db, key, { organizationId: org, provider: 'didox', credentials: {}, userId }),
    ).toEqual({ ok: false, reason: 'missingField', field: 'partnerToken' });
    await saveBinding(ctx.db, key, {
      organizationId: org,
      provider: 'didox',
      credentials: { partnerToken: SECRET },
      userId,
    });
    await saveBinding(ctx.db, key, {
      organizationId: org,
      provider: 'didox',
      credentials: { partnerToken: '', password: 'second' },
      userId,
    });
    expect((await bindingOf(ctx.db, org, key))?.credentials).toEqual({
      partnerToken: SECRET,
      password: 'second',
    });
    expect(
      await saveBinding(ctx.db, key, { organizationId: org, provider: 'nobody', credentials: {}, userId }),
    ).toEqual({ ok: false, reason: 'unknownProvider' });
  });

  describe('a binding that does not open', () => {
    it('with another key: unreadable, said so', async () => {
      const key = newKey();
      const [org] = await orgs();
      await saveBinding(ctx.db, key, {
        organizationId: org,
        provider: 'didox',
        credentials: { partnerToken: SECRET },
        userId: await userOf(org),
      });
      await expect(bindingOf(ctx.db, org, newKey())).rejects.toThrow(/cannot be opened/);
      await expect(bindingOf(ctx.db, org, null)).rejects.toThrow(/cannot be opened/);
      expect((await describeBinding(ctx.db, org, newKey()))?.readable).toBe(false);
    });

    it('copied to another organisation: the sealed value is bound to its organisation', async () => {
      const key = newKey();
      const [org1, org2] = await orgs();
      await saveBinding(ctx.db, key, {
        organizationId: org1,
        provider: 'didox',
        credentials: { partnerToken: SECRET },
        userId: await userOf(org1),
      });
      await saveBinding(ctx.db, key, {
        organizationId: org2,
        provider: 'didox',
        credentials: { partnerToken: 'other-org-token-xxxx' },
        userId: await userOf(org2),
      });
      await ctx.db.query(
        `update operator_bindings set credentials = (select credentials from operator_bindings where organization_id = $1)
          where organization_id = $2`,
        [org1, org2],
      );
      await expect(bindingOf(ctx.db, org2, key)).rejects.toThrow(/cannot be opened/);
    });

    it('none bound: null', async () => {
      const [org] = await orgs();
      await ctx.db.query('delete from operator_bindings where organization_id = $1', [org]);
      expect(await bindingOf(ctx.db, org, newKey())).toBeNull();
    });
  });
});
