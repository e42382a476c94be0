// Issue 27.5: the counterparty register — Organization/getOrgs and Document/getDocumentOrgsFull search
// every organisation registered here, the caller's counterparties and the tax authority's adapter (the
// labelled demo registry here) by TIN, PINFL or name; a person is found by the whole PINFL only.
import { beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { bearer, director, type Session } from '../access/helpers';
import { type TestContext, withDatabases } from '../harness';

type Row = { identity: string; name: string; sources: string[]; documents: number; isDemo: boolean };

/** A person with an account here (an individual's own party): not to be found by name or part of a number. */
const PERSON = { pinfl: '41234567890123', name: 'Qodirova Zuhra Alisherovna (test)' };

withDatabases('counterparty register', (ctx: TestContext) => {
  let boss: Session;
  let draftId: string;
  const get = (url: string, who: Session = boss) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bearer(who), 'accept-language': 'ru' } });
  const orgs = async (str: string) => {
    const res = await get(`/api/Organization/getOrgs?str=${encodeURIComponent(str)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: Row[]; totalCount: number; registryUnavailable: boolean };
  };

  beforeAll(async () => {
    boss = await director(ctx, 1);
    await ctx.db.query(`insert into organizations (pinfl, name) values ($1, $2) on conflict do nothing`, [
      PERSON.pinfl,
      PERSON.name,
    ]);
    // A draft to a demo counterparty the server has no account of (only the registry knows it).
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers: bearer(boss),
      payload: {
        ...invoice,
        FacturaId: '',
        FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: 'REG-1' },
        SellerTin: '302000001',
        BuyerTin: '305000003',
        ProductList: { ...invoice.ProductList, Tin: '302000001' },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    draftId = added.json().data.id;
  });

  it('finds by name across organisations registered here and the tax registry', async () => {
    const found = await orgs('demo qurilish');
    const qurilish = found.rows.find((r) => r.identity === '302000002');
    expect(qurilish, JSON.stringify(found.rows)).toBeTruthy();
    // Registered here and known to the (demo) registry: one row, both sources.
    expect(qurilish!.sources.sort()).toEqual(['registered', 'registry']);
    expect(qurilish!.isDemo).toBe(true);
    // Every word must occur: "qurilish" alone does not bring Logistika.
    expect(found.rows.map((r) => r.identity)).not.toContain('302000003');
    expect(found.registryUnavailable).toBe(false);
  });

  it('finds a TIN the registry alone knows, and the caller’s counterparties first', async () => {
    const byTin = await orgs('305000003');
    expect(byTin.rows[0]).toMatchObject({ identity: '305000003', isDemo: true });
    expect(byTin.rows[0].sources.sort()).toEqual(['counterparty', 'registry']);
    expect(byTin.rows[0].documents).toBeGreaterThan(0);
    // By the start of a TIN: organisations registered here (the registry is asked whole numbers only).
    const prefix = (await orgs('30200000')).rows.map((r) => r.identity);
    expect(prefix).toEqual(expect.arrayContaining(['302000001', '302000002', '302000003']));
  });

  it('a person: the whole PINFL only, never by name or part of the number', async () => {
    expect((await orgs('Qodirova')).rows).toEqual([]);
    expect((await orgs(PERSON.pinfl.slice(0, 10))).rows).toEqual([]);
    const whole = await orgs(PERSON.pinfl);
    expect(whole.rows).toEqual([
      expect.objectContaining({ identity: PERSON.pinfl, sources: ['registered'] }),
    ]);
  });

  it('getOrgInfoByTinAndDoc: the requisites as the earlier document holds them, not today’s registry', async () => {
    const url = (tin: string, extra = '') =>
      `/api/DocumentOrganization/getOrgInfoByTinAndDoc?tin=${tin}&documentUid=${draftId}${extra}`;
    const res = await get(url('305000003', `&invoiceDate=${invoice.FacturaDoc.FacturaDate}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      TinOrPinfl: '305000003',
      Tin: '305000003',
      ...Object.fromEntries(Object.entries(invoice.Buyer).filter(([, v]) => v !== '')),
      Source: 'document',
      AsOf: invoice.FacturaDoc.FacturaDate,
      DocumentId: draftId,
    });
    // Today's registry names the TIN otherwise.
    const today = await get('/api/DocumentOrganization/getOrgInfoByTin?tin=305000003');
    expect(today.json().data.Name).not.toBe(invoice.Buyer.Name);
    // The seller beside SellerTin, too.
    expect((await get(url('302000001'))).json().data.Name).toBe(invoice.Seller.Name);
    const otherDate = await get(url('305000003', '&invoiceDate=2025-05-16'));
    expect(otherDate.statusCode).toBe(400);
    expect(otherDate.json().code).toBe('DOCUMENT_DATE_MISMATCH');
    expect((await get(url('302000002'))).statusCode).toBe(404);
    // Another organisation's document: 404, as everywhere.
    const stranger = await director(ctx, 2);
    const foreign = await get(url('305000003'), stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(invoice.Buyer.Name.slice(1, 12));
  });

  it('getRentedContracts: the caller’s (the lessor’s) contracts with the buyer, labelled demo', async () => {
    const res = await get('/api/Document/getRentedContracts?buyerTin=302000002');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.rentId)).toEqual(['DEMO-RENT-0001', 'DEMO-RENT-0002']);
    expect(rows[0]).toMatchObject({
      lessorTin: '302000001',
      from: '2026-01-01',
      to: '2026-12-31',
      isDemo: true,
    });
    // Another buyer has none; another lessor sees none of these (the seller is always the caller).
    expect((await get('/api/Document/getRentedContracts?buyerTin=302000003')).json().data).toEqual([]);
    const other = await director(ctx, 3);
    expect((await get('/api/Document/getRentedContracts?buyerTin=302000002', other)).json().data).toEqual([]);
    expect((await get('/api/Document/getRentedContracts?buyerTin=12')).statusCode).toBe(400);
  });

  it('getDocumentOrgsFull pages the same register (at most 100 a page)', async () => {
    const all = await get('/api/Document/getDocumentOrgsFull?search=demo');
    expect(all.statusCode, all.body).toBe(200);
    const total = all.json().totalCount as number;
    expect(total).toBeGreaterThanOrEqual(7); // 3 demo organisations + 4 demo counterparties at least
    const first = await get('/api/Document/getDocumentOrgsFull?search=demo&page=1&size=3');
    const second = await get('/api/Document/getDocumentOrgsFull?search=demo&page=2&size=3');
    const ids = (res: typeof first) => res.json().rows.map((r: Row) => r.identity) as string[];
    expect(ids(first)).toHaveLength(3);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    expect(second.json().totalCount).toBe(total);
    expect((await get('/api/Document/getDocumentOrgsFull?search=demo&size=101')).statusCode).toBe(400);
    expect((await get('/api/Document/getDocumentOrgsFull?search=d')).json().rows).toEqual([]);
  });
});

withDatabases(
  'counterparty register without the tax authority',
  (ctx: TestContext) => {
    it('answers what this server knows and says the registry was not asked', async () => {
      const boss = await director(ctx, 1);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Organization/getOrgs?str=Demo%20Qurilish',
        headers: bearer(boss),
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.registryUnavailable).toBe(true);
      expect(data.rows).toEqual([
        expect.objectContaining({ identity: '302000002', sources: ['registered'] }),
      ]);
      // Rent contracts live at the tax authority alone: the localized 503.
      const rent = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getRentedContracts?buyerTin=302000002',
        headers: bearer(boss),
      });
      expect(rent.statusCode).toBe(503);
      expect(rent.json().code).toBe('TAX_SERVICE_NOT_CONFIGURED');
    });
  },
  // Not in demo mode and no SOLIQ_API_URL: the adapter is "not configured".
  { config: { demo: false } },
);
