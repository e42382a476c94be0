import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/server/auth/types';
import {
  ACTING_SIGNERS_SQL,
  documentRights,
  requireDocumentRight,
  signerMayAct,
  signerMayActGiven,
} from '../../../src/server/services/access';
import { withDatabases } from '../harness';

// Demo Savdo (302000001), its director 31505850123451 (owner); Demo Qurilish (302000002).
withDatabases('access: who may sign for the organisation, and the rights seam', (ctx) => {
  let director: AuthUser;
  let accountant: AuthUser;
  let viewer: AuthUser;
  const ACCOUNTANT_PINFL = '31707920456784';
  const VIEWER_PINFL = '52909960789012';
  const STRANGER_PINFL = '42511950567895';

  async function member(orgId: string, pinfl: string, role: string, roleId: string) {
    const { rows } = await ctx.db.query<{ id: string }>(
      'insert into users (pinfl, full_name) values ($1, $2) returning id',
      [pinfl, `Person ${pinfl} (demo)`],
    );
    await ctx.db.query(
      'insert into memberships (user_id, organization_id, role, role_id) values ($1, $2, $3, $4)',
      [rows[0].id, orgId, role, roleId],
    );
    return { userId: rows[0].id, organizationId: orgId, tin: '302000001', role } as AuthUser;
  }

  beforeAll(async () => {
    const { rows: org } = await ctx.db.query<{ id: string }>(
      "select id from organizations where tin = '302000001'",
    );
    const { rows: dir } = await ctx.db.query<{ id: string }>(
      "select id from users where pinfl = '31505850123451'",
    );
    director = { userId: dir[0].id, organizationId: org[0].id, tin: '302000001', role: 'owner' } as AuthUser;
    accountant = await member(
      org[0].id,
      ACCOUNTANT_PINFL,
      'accountant',
      '00000000-0000-4000-8000-000000000002',
    );
    viewer = await member(org[0].id, VIEWER_PINFL, 'staff', '00000000-0000-4000-8000-000000000004');
  });

  /**
   * signerMayAct, and the decision run takes from ACTING_SIGNERS_SQL read with the document: they must
   * agree in every case (the test fails when the fast path answers otherwise).
   */
  async function mayAct(
    user: AuthUser,
    partyIdentity: string,
    signer: { tin?: string; pinfl?: string; uid?: string },
  ) {
    const plain = await signerMayAct(ctx.db, user, partyIdentity, signer);
    const { rows } = await ctx.db.query<{ acting: any }>(`select ${ACTING_SIGNERS_SQL} as acting`, [
      user.userId,
      user.organizationId,
    ]);
    expect(signerMayActGiven(user, partyIdentity, signer, rows[0]?.acting ?? null), 'fast path').toBe(plain);
    return plain;
  }

  describe('signerMayAct', () => {
    const directorKey = { tin: '302000001', pinfl: '31505850123451', uid: '412000001' };

    it('the director’s own key signs for the organisation', async () => {
      expect(await mayAct(director, '302000001', directorKey)).toBe(true);
    });
    it('the acting staff member signs with their own personal key (PINFL)', async () => {
      expect(await mayAct(accountant, '302000001', { pinfl: ACCOUNTANT_PINFL })).toBe(true);
    });
    it('the director may sign while a staff member acts', async () => {
      expect(await mayAct(accountant, '302000001', directorKey)).toBe(true);
    });
    it('another staff member’s key does not sign for the acting one', async () => {
      expect(await mayAct(accountant, '302000001', { pinfl: VIEWER_PINFL })).toBe(false);
    });
    it('a person who is not staff is refused', async () => {
      expect(await mayAct(accountant, '302000001', { pinfl: STRANGER_PINFL })).toBe(false);
    });
    it('a key of another organisation never signs for this one, even the acting person’s', async () => {
      expect(
        await mayAct(accountant, '302000001', {
          tin: '302000002',
          pinfl: ACCOUNTANT_PINFL,
          uid: '412000009',
        }),
      ).toBe(false);
    });
    it('a personal TIN (UID) is not taken for the legal TIN', async () => {
      expect(await mayAct(director, '302000001', { tin: '412000001', uid: '412000001' })).toBe(false);
    });
    it('only the organisation the caller acts for can be signed for', async () => {
      expect(await mayAct(director, '302000002', { tin: '302000002' })).toBe(false);
    });
    it('a switched-off staff member’s key stops signing at once', async () => {
      await ctx.db.query('update memberships set is_active = false where user_id = $1', [accountant.userId]);
      try {
        expect(await mayAct(accountant, '302000001', { pinfl: ACCOUNTANT_PINFL })).toBe(false);
      } finally {
        await ctx.db.query('update memberships set is_active = true where user_id = $1', [accountant.userId]);
      }
    });
    it('the requisites’ DirectorPinfl signs; an owner switched off does not', async () => {
      const org = director.organizationId;
      const { rows } = await ctx.db.query<{ requisites: unknown }>(
        'select requisites from organizations where id = $1',
        [org],
      );
      await ctx.db.query(
        `update organizations set requisites = coalesce(requisites, '{}'::jsonb) || jsonb_build_object('DirectorPinfl', $2::text)
          where id = $1`,
        [org, STRANGER_PINFL],
      );
      try {
        expect(await mayAct(accountant, '302000001', { pinfl: STRANGER_PINFL })).toBe(true);
        await ctx.db.query('update memberships set is_active = false where user_id = $1', [director.userId]);
        expect(await mayAct(accountant, '302000001', directorKey)).toBe(false);
        expect(await mayAct(director, '302000001', { pinfl: STRANGER_PINFL })).toBe(false);
      } finally {
        await ctx.db.query('update memberships set is_active = true where user_id = $1', [director.userId]);
        await ctx.db.query('update organizations set requisites = $2 where id = $1', [
          org,
          rows[0].requisites === null ? null : JSON.stringify(rows[0].requisites),
        ]);
      }
    });
  });

  describe('rights', () => {
    it('the owner holds every right; a viewer only views', async () => {
      expect([...(await documentRights(ctx.db, director, 'waybill'))].sort()).toEqual([
        'accept',
        'create',
        'send',
        'view',
      ]);
      expect([...(await documentRights(ctx.db, viewer, 'waybill'))]).toEqual(['view']);
    });
    it('refuses a right the member lacks with 403 NO_AUTHORITY and an audit row', async () => {
      await expect(
        requireDocumentRight(ctx.db, viewer, 'invoice', 'send', {
          documentId: '00000000-0000-4000-8000-00000000abcd',
        }),
      ).rejects.toMatchObject({ statusCode: 403, code: 'NO_AUTHORITY' });
      const { rows } = await ctx.db.query(
        "select detail from audit_log where event = 'access.denied' and user_id = $1 order by id desc limit 1",
        [viewer.userId],
      );
      expect(rows[0].detail).toMatchObject({
        action: 'invoice:send',
        documentId: '00000000-0000-4000-8000-00000000abcd',
      });
    });
    it('a member of another organisation holds nothing here', async () => {
      const { rows } = await ctx.db.query<{ id: string }>(
        "select id from organizations where tin = '302000002'",
      );
      await expect(
        requireDocumentRight(ctx.db, { ...accountant, organizationId: rows[0].id }, 'invoice', 'view'),
      ).rejects.toMatchObject({ statusCode: 403 });
    });
  });
});
