// Staff sign in with their own certificate, act in the company's context and sign with their own
// demo key; a certificate of someone who is not staff is refused; switching a member off stops them
// at once (issue 15 tests).
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import {
  act,
  addDraft,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  IND1,
  IND2,
  run,
  type SignedIn,
  signBytes,
  signIn,
  view,
} from '../documents/exchange';
import { type TestContext, withDatabases } from '../harness';
import { bearer, director, ROLE, type Session } from './helpers';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const draftOf = (number: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: '302000001',
  BuyerTin: '302000002',
  ProductList: { ...invoice.ProductList, Tin: '302000001' },
});

withDatabases(
  'staff sign with their own keys',
  (ctx: TestContext) => {
    let boss: Session;
    let staff: SignedIn;
    let staffUserId: string;

    beforeAll(async () => {
      boss = await director(ctx, 1);
      // The director adds the person by PINFL; the person then signs in with their own certificate.
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/addUser',
        headers: bearer(boss),
        payload: {
          FullName: 'Rahimov Jasur Anvarovich (demo)',
          Pinfl: IND1.identity,
          roleId: ROLE.accountant,
        },
      });
      expect(added.statusCode, added.body).toBe(200);
      staffUserId = added.json().data.staff.userId;
      const own = await signIn(ctx, fixture, IND1);
      const orgs = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserOrganization',
        headers: bearer(own as never),
      });
      const company = orgs.json().data.find((o: { tin: string }) => o.tin === '302000001');
      expect(company, orgs.body).toBeTruthy();
      const chosen = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/chooseOrganization',
        headers: bearer(own as never),
        payload: { organizationId: company.id },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json().data).toMatchObject({ userId: staffUserId, tin: '302000001', role: 'accountant' });
      staff = { keyId: IND1.keyId, identity: '302000001', token: chosen.json().data.accessToken };
    }, 120_000);

    async function draft(number: string) {
      const res = await addDraft(ctx, staff, 'invoice', draftOf(number));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    }

    it('signs and sends an invoice for the company with their own personal key', async () => {
      const id = await draft('ST-1');
      const sent = await act(ctx, fixture, staff, id, 'send');
      expect(sent.statusCode, sent.body).toBe(200);
      const doc = (await view(ctx, staff, id)).json().data;
      expect(doc.status).not.toBe(0);
      expect(doc.signatures[0]).toMatchObject({ pinfl: IND1.identity });
    });

    it('refuses a certificate of someone who is not staff, and the document stays a draft', async () => {
      const id = await draft('ST-2');
      const model = await getModelSign(ctx, staff, id, 'send');
      expect(model.statusCode, model.body).toBe(200);
      const foreign = await signBytes(fixture, IND2.keyId, model.json().data.toSign);
      const res = await run(ctx, staff, { documentId: id, action: 'send', signature: foreign });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('WRONG_SIGNER');
      expect((await view(ctx, staff, id)).json().data.status).toBe(0);
    });

    it('switching the member off revokes their access at once', async () => {
      const id = await draft('ST-3');
      const model = await getModelSign(ctx, staff, id, 'send');
      const signature = await signBytes(fixture, IND1.keyId, model.json().data.toSign);
      const off = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Auth/updateUser',
        headers: bearer(boss),
        payload: { id: staffUserId, roleId: ROLE.accountant, isActive: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      const res = await run(ctx, staff, { documentId: id, action: 'send', signature });
      expect(res.statusCode).toBe(401);
      const asDirector = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/Document/getById?documentId=${id}`,
          headers: bearer(boss),
        })
      ).json().data;
      expect(asDirector.status).toBe(0);
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
