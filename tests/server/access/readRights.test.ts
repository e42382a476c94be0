// What a staff member may read of the organisation's documents follows the rights of getById and the
// lists on every route (issue 26): a member without `invoice:view` gets 403 on the document itself
// and never reads an invoice's number, totals or counterparty through copies, corrections,
// counterparties, notifications or statistics; a member limited to a branch reads only its branch.
// The last test walks every route of the OpenAPI table with both members.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { lifecycleKinds } from '../../../src/engine/lifecycle';
import { DOCUMENT_RIGHTS } from '../../../src/server/services/access/actions';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  ORG3,
  type SignedIn,
  signIn,
} from '../documents/exchange';
import { type TestContext, withDatabases } from '../harness';
import { namesDocument, routeTable, sampleRequest } from '../routeTable';
import { bearer, ROLE, type Session, staffMember } from './helpers';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const NUMBER = 'RR-7731';
// A copy keeps the contract but not the number (issue 26): what getDocumentCopy shows of the invoice.
const CONTRACT = 'RR-CTR-7731';
// 01-standard totals 140 005.60 + 2 800.00
const TOTAL = '142805.60';

withDatabases(
  'reading documents needs the kind’s view right and the branch',
  (ctx: TestContext) => {
    let seller: SignedIn;
    let boss: Session;
    let noView: Session;
    let otherBranch: Session;
    let documentId: string;
    let nationalId: string;

    const get = (who: { token: string }, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
    const call = (who: Session, method: string, url: string, payload?: object) =>
      ctx.app.inject({ method: method as 'GET', url, headers: bearer(who), payload });

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      const buyer = await signIn(ctx, fixture, ORG2);
      const info = (await get(seller, '/api/Auth/getUserInfoOwn')).json().data;
      boss = { token: seller.token, userId: info.userId, organizationId: info.organizationId };

      // Every right of every kind but `invoice:view`: not the other rights keep the member out.
      const role = (
        await call(boss, 'POST', '/api/Roles/add', { name: 'Everything but invoices (test)' })
      ).json().data.id;
      const actions = lifecycleKinds()
        .flatMap((kind) => DOCUMENT_RIGHTS.map((right) => `${kind}:${right}`))
        .filter((code) => code !== 'invoice:view')
        .concat('admin:allBranches');
      const granted = await call(boss, 'POST', `/api/Auth/upsertAuthRoleActions?roleId=${role}`, { actions });
      expect(granted.statusCode, granted.body).toBe(200);
      noView = await staffMember(ctx, boss, role, 'No invoices (demo)');

      // A viewer of every kind limited to a branch the documents are not in.
      const branch = await call(boss, 'POST', '/api/Organization/add', {
        code: 'RR1',
        name: 'Branch RR1 (test)',
      });
      expect(branch.statusCode, branch.body).toBe(200);
      otherBranch = await staffMember(ctx, boss, ROLE.viewer, 'Branch RR1 (demo)');
      const moved = await call(boss, 'PUT', '/api/Auth/updateUser', {
        id: otherBranch.userId,
        roleId: ROLE.viewer,
        branchCode: 'RR1',
      });
      expect(moved.statusCode, moved.body).toBe(200);

      // An invoice sent to organisation 2 and accepted there: correctable, notified, counted.
      const added = await addDraft(ctx, seller, 'invoice', {
        ...invoice,
        FacturaId: '',
        FacturaDoc: { FacturaNo: NUMBER, FacturaDate: '2026-11-20' },
        ContractDoc: { ...invoice.ContractDoc, ContractNo: CONTRACT },
        SellerTin: ORG1.identity,
        BuyerTin: ORG2.identity,
        ProductList: { ...invoice.ProductList, Tin: ORG1.identity },
      });
      expect(added.statusCode, added.body).toBe(200);
      documentId = added.json().data.id;
      expect((await act(ctx, fixture, seller, documentId, 'send')).statusCode).toBe(200);
      expect((await act(ctx, fixture, buyer, documentId, 'accept')).statusCode).toBe(200);
      nationalId = (await get(seller, `/api/Document/getById?documentId=${documentId}`)).json().data
        .nationalId;
      expect(nationalId).toBeTruthy();
    }, 300_000);

    const readers = () => [
      { name: 'without invoice:view', who: noView },
      { name: 'of another branch', who: otherBranch },
    ];

    it('getDocumentCopy: the document’s content only to who may view it, as getById', async () => {
      const url = `/api/Document/getDocumentCopy?documentId=${documentId}`;
      const own = await get(seller, url);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.content.ContractDoc.ContractNo).toBe(CONTRACT);
      expect((await get(noView, `/api/Document/getById?documentId=${documentId}`)).statusCode).toBe(403);
      const copy = await get(noView, url);
      expect(copy.statusCode).toBe(403);
      expect(copy.json().code).toBe('NO_AUTHORITY');
      expect(copy.body).not.toContain(NUMBER);
      expect(copy.body).not.toContain(CONTRACT);
      expect((await get(otherBranch, url)).statusCode).toBe(404);
      const copied = await call(noView, 'POST', `/api/Document/copyDocument?documentId=${documentId}`);
      expect(copied.statusCode).toBe(403);
    });

    it('getDocumentsToCorrect and getDocumentsByDocTypeToCorrect: the kinds viewed, the branch', async () => {
      const urls = ['/api/Document/getDocumentsToCorrect?docType=invoice'];
      const types = (await get(seller, '/api/DocType/getList')).json();
      const typeId = (types.data ?? types.rows ?? types).find?.((t: any) => t.kind === 'invoice')?.id;
      if (typeId) urls.push(`/api/Document/getDocumentsByDocTypeToCorrect?docTypeId=${typeId}`);
      for (const url of urls) {
        const own = await get(seller, url);
        expect(own.statusCode, own.body).toBe(200);
        expect(
          own.json().data.map((d: any) => d.number),
          url,
        ).toContain(NUMBER);
        for (const { name, who } of readers()) {
          const res = await get(who, url);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
          expect(res.json().data, `${name} ${url}`).toEqual([]);
        }
      }
    });

    it('getDocumentOrgs: counterparties of the documents the member may read only', async () => {
      const own = await get(seller, '/api/Document/getDocumentOrgs');
      expect(own.json().data.map((o: any) => o.identity)).toContain(ORG2.identity);
      for (const { name, who } of readers()) {
        const res = await get(who, `/api/Document/getDocumentOrgs?search=${ORG2.identity}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data, name).toEqual([]);
      }
    });

    it('CabinetNotification/getList: no notice of a document the member may not read', async () => {
      const own = (await get(seller, '/api/CabinetNotification/getList')).json();
      expect(own.rows.map((r: any) => r.number)).toContain(NUMBER);
      for (const { name, who } of readers()) {
        const res = await get(who, '/api/CabinetNotification/getList');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body, name).not.toContain(NUMBER);
        expect(
          res.json().rows.filter((r: any) => r.documentId === documentId),
          name,
        ).toEqual([]);
        expect(res.json().unreadCount, name).toBe(0);
      }
    });

    it('Statistics/getList: counts and sums of the kinds viewed, in the branch', async () => {
      const url = '/api/Statistics/getList?dateFrom=2026-01-01&dateTo=2026-12-31';
      const own = (await get(seller, url)).json().data;
      expect(own.totals.outgoing).toEqual({ count: 1, sum: TOTAL });
      expect(own.topCounterparties.map((c: any) => c.identity)).toEqual([ORG2.identity]);
      for (const { name, who } of readers()) {
        const res = await get(who, url);
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        expect(data.totals.outgoing, name).toEqual({ count: 0, sum: '0.00' });
        expect(data.byKind, name).toEqual([]);
        expect(data.topCounterparties, name).toEqual([]);
        expect(res.body, name).not.toContain(TOTAL);
      }
    });

    it('no route of the OpenAPI table shows the invoice to either member', async () => {
      const routes = routeTable(ctx.app).filter(
        // Every reading route, and every route of the document groups (bulk reads are POSTs);
        // signing out would end the members' sessions.
        (r) =>
          (r.method === 'GET' || /^\/api\/(Document|MultiSign)/.test(r.path)) &&
          !/\/(logout|signOut)/i.test(r.path),
      );
      expect(routes.length).toBeGreaterThan(150);
      const values = { documentId, tin: ORG3.identity, kind: 'invoice', date: '2026-11-20' };
      const shows = (text: string) =>
        [NUMBER, CONTRACT, nationalId, TOTAL].filter((secret) => text.includes(secret));
      const shownToOwner: string[] = [];
      for (const route of routes) {
        const { url, payload } = sampleRequest(route, values);
        const ownAnswer = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: auth(seller),
          payload,
        });
        if (shows(ownAnswer.body).length) shownToOwner.push(`${route.method} ${route.path}`);
        for (const { name, who } of readers()) {
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: bearer(who),
            payload,
          });
          expect(res.statusCode, `${route.method} ${route.path} (${name}) → ${res.body}`).not.toBe(500);
          expect(shows(res.body), `${route.method} ${route.path} (${name})`).toEqual([]);
          const documentRoute = namesDocument(route) && route.path.startsWith('/api/Document');
          if (documentRoute && res.statusCode === 200 && !res.body.includes('NO_AUTHORITY')) {
            expect(res.body, `${route.method} ${route.path} (${name})`).toMatch(/NOT_FOUND/);
          }
        }
      }
      // The walk reaches the routes that did show the invoice (it can fail).
      for (const route of [
        'GET /api/Document/getById',
        'GET /api/Document/getDocumentCopy',
        'GET /api/Document/getDocumentsToCorrect',
        'GET /api/CabinetNotification/getList',
        'GET /api/Statistics/getList',
      ])
        expect(shownToOwner).toContain(route);
      // The members' sessions survived the walk, and the document is still the owner's.
      expect((await get(noView, '/api/Auth/getUserInfoOwn')).statusCode).toBe(200);
      expect((await get(seller, `/api/Document/getById?documentId=${documentId}`)).statusCode).toBe(200);
    }, 600_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
