import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/server/auth/types';
import { requireDocumentRight, signerMayAct } from '../../../src/server/services/access';
import { withDatabases } from '../harness';

// Demo Savdo (302000001), its director 31505850123451; Demo Qurilish (302000002).
withDatabases('access: signer and rights seam', (ctx) => {
  let director: AuthUser;
  let member: AuthUser;
  beforeAll(async () => {
    const { rows: org } = await ctx.db.query<{ id: string }>(
      "select id from organizations where tin = '302000001'",
    );
    const { rows: dir } = await ctx.db.query<{ id: string }>(
      "select id from users where pinfl = '31505850123451'",
    );
    director = { userId: dir[0].id, organizationId: org[0].id, tin: '302000001', role: 'owner' };
    const { rows: person } = await ctx.db.query<{ id: string }>(
      "insert into users (pinfl, full_name) values ('31707920456784', 'Rahimov Jasur (demo)') returning id",
    );
    await ctx.db.query('insert into memberships (user_id, organization_id, role) values ($1, $2, $3)', [
      person[0].id,
      org[0].id,
      'accountant',
    ]);
    member = { userId: person[0].id, organizationId: org[0].id, tin: '302000001', role: 'accountant' };
  });

  describe('signerMayAct', () => {
    it('accepts the legal TIN of the party', async () => {
      expect(
        await signerMayAct(ctx.db, director, '302000001', {
          tin: '302000001',
          pinfl: '31505850123451',
          uid: '412000001',
        }),
      ).toBe(true);
    });
    it('refuses another organisation’s legal TIN', async () => {
      expect(await signerMayAct(ctx.db, director, '302000001', { tin: '302000002', uid: '412000009' })).toBe(
        false,
      );
    });
    it('does not take a personal TIN (UID) for the legal one', async () => {
      expect(await signerMayAct(ctx.db, director, '412000001', { tin: '412000001', uid: '412000001' })).toBe(
        false,
      );
    });
    it('accepts the PINFL of an active member of the caller’s organisation', async () => {
      expect(await signerMayAct(ctx.db, member, '302000001', { pinfl: '31707920456784' })).toBe(true);
    });
    it('refuses a PINFL that is not staff', async () => {
      expect(await signerMayAct(ctx.db, member, '302000001', { pinfl: '42511950567895' })).toBe(false);
    });
  });

  describe('requireDocumentRight', () => {
    it('lets an active member through', async () => {
      await expect(requireDocumentRight(ctx.db, member, 'invoice', 'send')).resolves.toBeUndefined();
    });
    it('refuses a member of another organisation with 403 NO_AUTHORITY', async () => {
      const { rows } = await ctx.db.query<{ id: string }>(
        "select id from organizations where tin = '302000002'",
      );
      await expect(
        requireDocumentRight(ctx.db, { ...member, organizationId: rows[0].id }, 'invoice', 'send'),
      ).rejects.toMatchObject({ statusCode: 403, code: 'NO_AUTHORITY' });
    });
  });
});
