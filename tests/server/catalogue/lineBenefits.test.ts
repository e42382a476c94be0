// The benefit-fits-the-line rule (engine/benefits.ts) on the server: the picker's list
// (Lgota/ForLine) and the check every document goes through (serverCheck benefitFitsLine), on the
// demo catalogue. A benefit the picker offers is accepted; one that fits neither the code nor, for a
// privileged enterprise's benefit, the date is refused with the rule's message in ru, uz and en.
import { beforeAll, expect, it } from 'vitest';
import { benefitIdValue } from '../../../src/engine/benefits';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { loadFixtures } from '../../engine/fixtures';
import { withDatabases } from '../harness';

const standard = loadFixtures().find((f) => f.kind === 'invoice' && f.name === '01-standard.json')!;
const hybrid = loadFixtures().find((f) => f.kind === 'hybridInvoice' && f.name === '01-standard.json')!;

type Row = {
  id: number;
  catalogueId: string;
  name: string;
  source: string;
  dateBegin: string | null;
  dateEnd: string | null;
};

withDatabases('benefit fits the line', (ctx) => {
  let authorization = '';
  let goods: { catalogCode: string; newLgotaId: string; lgotaName: string };
  let seller: { tin: string; newLgotaId: string; dateBegin: string; dateEnd: string | null };
  let otherCode: string;
  beforeAll(async () => {
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
    });
    authorization = `Bearer ${signedIn.json().data.accessToken}`;
    const list = await ctx.app.inject({ url: '/api/Lgota/WithoutVatProducts?size=1' });
    goods = list.json().rows[0];
    // A code no benefit lists: one the catalogue's not-included list has.
    otherCode = (await ctx.app.inject({ url: '/api/Lgota/NotIncludedProducts?size=1' })).json().rows[0]
      .catalogCode;
    const sellers = await ctx.app.inject({ url: '/api/Lgota/PrivilegedSellerCompanies?size=50' });
    // A holding that begins in 2024 or later: the day before still has today's VAT rate (12 %).
    seller = sellers
      .json()
      .rows.find(
        (r: { dateBegin: string; dateEnd: string | null }) => r.dateBegin >= '2024-01-02' && r.dateEnd,
      );
  });

  const forLine = async (query: string) =>
    (await ctx.app.inject({ url: `/api/Lgota/ForLine?${query}` })).json().rows as Row[];

  /** The standard invoice with its first line taking a benefit (and the parties, date, code given). */
  function invoice(line: Record<string, unknown>, doc: { date?: string; sellerTin?: string } = {}) {
    const content = structuredClone(standard.document) as Record<string, any>;
    Object.assign(content.ProductList.Products[0], line);
    content.ProductList.HasLgota = true;
    if (doc.date) content.FacturaDoc.FacturaDate = doc.date;
    if (doc.sellerTin) {
      content.SellerTin = doc.sellerTin;
      content.ProductList.Tin = doc.sellerTin;
    }
    return content;
  }
  const validate = (content: unknown, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=invoice',
      payload: content as object,
      headers: { 'accept-language': lang, authorization },
    });
  const lgotaErrors = (body: { errors?: Array<{ path?: string; message: string }> }) =>
    (body.errors ?? []).filter((e) => String(e.path ?? '').endsWith('/LgotaId'));

  it('offers the benefits the catalogue lists for the code, and accepts them', async () => {
    const rows = await forLine(`catalogCode=${goods.catalogCode}&date=2025-06-01`);
    const offered = rows.find((r) => r.catalogueId === goods.newLgotaId);
    expect(offered).toMatchObject({ source: 'withoutVat', name: goods.lgotaName });
    const res = await validate(
      invoice({
        CatalogCode: goods.catalogCode,
        LgotaId: offered!.id,
        LgotaName: offered!.name,
        LgotaType: 1,
      }),
    );
    expect(res.json().errors).toBeUndefined();
    expect(res.statusCode).toBe(200);
  });

  it('refuses a benefit the code is not listed under, in ru, uz and en', async () => {
    expect(
      (await forLine(`catalogCode=${otherCode}`)).find((r) => r.catalogueId === goods.newLgotaId),
    ).toBeUndefined();
    const content = invoice({
      CatalogCode: otherCode,
      LgotaId: benefitIdValue(goods.newLgotaId),
      LgotaType: 1,
    });
    const messages: string[] = [];
    for (const lang of ['ru', 'uz', 'en']) {
      const res = await validate(content, lang);
      expect(res.statusCode).toBe(400);
      const [error] = lgotaErrors(res.json());
      expect(error.message).toContain(goods.newLgotaId);
      expect(error.message).toContain(otherCode);
      messages.push(error.message);
    }
    expect(new Set(messages).size).toBe(3);
    expect(messages[2]).toBe(
      `Benefit ${goods.newLgotaId} does not apply to goods with classifier code ${otherCode}`,
    );
  });

  it('refuses a benefit the catalogue does not have', async () => {
    const res = await validate(
      invoice({ CatalogCode: goods.catalogCode, LgotaId: benefitIdValue('DEMO-999999'), LgotaType: 1 }),
    );
    expect(lgotaErrors(res.json())[0].message).toBe('Benefit DEMO-999999 is not in the benefits catalogue');
  });

  // A national id (not a demo one) cannot be judged by a catalogue of demo benefits alone: not refused
  // there; once the tax authority's list is held, an id it lacks is refused.
  it('judges a national benefit id only once the catalogue holds the national list', async () => {
    const line = { CatalogCode: goods.catalogCode, LgotaId: 100001, LgotaType: 1 };
    expect(lgotaErrors((await validate(invoice(line))).json())).toEqual([]);
    await ctx.app.db.query(
      `insert into catalogue_benefits (id, name_ru, search, is_demo) values ('100002', 'Льгота', 'льгота', false)`,
    );
    try {
      const res = await validate(invoice(line));
      expect(lgotaErrors(res.json())[0].message).toBe('Benefit 100001 is not in the benefits catalogue');
    } finally {
      await ctx.app.db.query(`delete from catalogue_benefits where id = '100002'`);
    }
  });

  it("offers a privileged seller's benefit within its period only, and refuses it outside", async () => {
    const inside = seller.dateBegin;
    const before = '2024-01-01';
    const offeredInside = await forLine(`catalogCode=${otherCode}&date=${inside}&sellerTin=${seller.tin}`);
    expect(offeredInside.find((r) => r.catalogueId === seller.newLgotaId)).toMatchObject({
      source: 'seller',
    });
    const offeredBefore = await forLine(`catalogCode=${otherCode}&date=${before}&sellerTin=${seller.tin}`);
    expect(offeredBefore.find((r) => r.catalogueId === seller.newLgotaId)).toBeUndefined();

    const line = { CatalogCode: otherCode, LgotaId: benefitIdValue(seller.newLgotaId), LgotaType: 1 };
    const ok = await validate(invoice(line, { date: inside, sellerTin: seller.tin }));
    expect(ok.json().errors).toBeUndefined();
    expect(ok.statusCode).toBe(200);
    const refused = await validate(invoice(line, { date: before, sellerTin: seller.tin }));
    expect(lgotaErrors(refused.json())[0].message).toBe(
      `Benefit ${seller.newLgotaId} is valid from ${seller.dateBegin} to ${seller.dateEnd} and does not apply on the document date ${before}`,
    );
  });

  // The hybrid invoice's benefit block (TaxRelief, opened by HasTaxRelief) is judged by the same rule,
  // declared on TaxRelief/Id with its line's code read one level up (../CatalogCode).
  function hybridInvoice(
    relief: Record<string, unknown>,
    code: string,
    doc: { date?: string; sellerTin?: string } = {},
  ) {
    const content = structuredClone(hybrid.document) as Record<string, any>;
    const line = content.Roadway.ProductGroups[0].ProductInfo.Products[0];
    line.CatalogCode = code;
    line.TaxRelief = relief;
    content.HasTaxRelief = true;
    if (doc.date) content.HybridInvoiceDoc.Date = doc.date;
    if (doc.sellerTin) content.Seller.TinOrPinfl = doc.sellerTin;
    return content;
  }
  const validateHybrid = (content: unknown, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=hybridInvoice',
      payload: content as object,
      headers: { 'accept-language': lang, authorization },
    });
  const reliefErrors = (body: { errors?: Array<{ path?: string; message: string }> }) =>
    (body.errors ?? []).filter((e) => String(e.path ?? '').endsWith('/TaxRelief/Id'));

  it("the hybrid invoice's TaxRelief: a benefit listed for the code is accepted, its sum computed; another code refused", async () => {
    const relief = { Id: benefitIdValue(goods.newLgotaId), Name: goods.lgotaName, Type: 1 };
    const ok = await validateHybrid(hybridInvoice(relief, goods.catalogCode));
    expect(reliefErrors(ok.json())).toEqual([]);
    const messages: string[] = [];
    for (const lang of ['ru', 'uz', 'en']) {
      const res = await validateHybrid(hybridInvoice(relief, otherCode), lang);
      const [error] = reliefErrors(res.json());
      expect(error.message).toContain(goods.newLgotaId);
      expect(error.message).toContain(otherCode);
      messages.push(error.message);
    }
    expect(new Set(messages).size).toBe(3);
    expect(messages[2]).toBe(
      `Benefit ${goods.newLgotaId} does not apply to goods with classifier code ${otherCode}`,
    );
    // The relieved VAT is the line's arithmetic: 12 % of the delivery sum, refused when it differs.
    const wrongSum = hybridInvoice({ ...relief, VatSum: 1 }, goods.catalogCode);
    const sumErrors = ((await validateHybrid(wrongSum)).json().errors ?? []).filter((e: { path?: string }) =>
      String(e.path ?? '').endsWith('/TaxRelief/VatSum'),
    );
    expect(sumErrors.length).toBe(1);
  });

  it("the hybrid invoice's TaxRelief: a privileged seller's benefit outside its period is refused", async () => {
    const relief = { Id: benefitIdValue(seller.newLgotaId), Name: 'Льгота', Type: 1 };
    const before = '2024-01-01';
    const refused = await validateHybrid(
      hybridInvoice(relief, otherCode, { date: before, sellerTin: seller.tin }),
    );
    expect(reliefErrors(refused.json())[0].message).toBe(
      `Benefit ${seller.newLgotaId} is valid from ${seller.dateBegin} to ${seller.dateEnd} and does not apply on the document date ${before}`,
    );
  });

  it('answers a bad code with a 400 naming the parameter', async () => {
    const res = await ctx.app.inject({
      url: '/api/Lgota/ForLine?catalogCode=12',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('catalogCode');
  });
});
