// The Excel import runs the pre-sign checks (issue 29, docs/checks.md) on each document as its send
// would: a tripped block refuses the import like any error (nothing is created), a warning is listed
// beside the document's first row with its level and the import goes on; on both databases.
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/db/seeds/users';
import { fixtureContent, insertSent } from '../checks/fixtures';
import { type TestContext, withDatabases } from '../harness';
import { invoiceHeaderRow, invoiceLine, multipart, workbook } from './xlsx';

withDatabases('Excel import: the pre-sign checks', (ctx: TestContext) => {
  let authorization = '';
  const org = { id: '', identity: '302000001' };
  beforeAll(async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'x-forwarded-for': '10.62.0.1' },
      payload: { phone: '998901000001', password: DEMO_PASSWORD },
    });
    authorization = `Bearer ${res.json().data.accessToken}`;
    org.id = (
      await ctx.db.query<{ id: string }>(`select id from organizations where tin = $1`, [org.identity])
    ).rows[0].id;
  });

  async function importFile(file: Buffer) {
    const body = multipart(file);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Import/DocumentExcelImport?kind=invoice',
      headers: { authorization, ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { importId } = res.json().data;
    await ctx.app.jobs.runPending();
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization } });
    const log = (await get(`/api/DocExcelImport/Get?logId=${importId}`)).json().data;
    const items = (await get(`/api/DocExcelImport/GetItemList?logId=${importId}&pageSize=100`)).json().rows;
    return { log, items };
  }

  it('a document that only trips a warning is imported, the warning reported at its row with its level', async () => {
    // Goods (classifier group 0…) without a waybill: the rule waybill-missing warns.
    const { log, items } = await importFile(workbook([invoiceHeaderRow(), invoiceLine('IMP-CHK-1')]));
    expect(log).toMatchObject({ state: 'done', createdCount: 1, errorsCount: 0 });
    expect(log.warningsCount).toBeGreaterThanOrEqual(1);
    const warning = items.find((i: { rule: string }) => i.rule === 'check:waybill-missing');
    expect(warning).toMatchObject({ row: 2, level: 'warn', documentKey: expect.any(String) });
    expect(warning.message).toMatch(/^No waybill: /);
    expect(items.filter((i: { level: string }) => i.level === 'block')).toEqual([]);
  });

  it('a document that trips a block (already sent) refuses the import: nothing is created', async () => {
    await insertSent(
      ctx.db,
      org,
      'invoice',
      await fixtureContent('invoice', {
        '/FacturaDoc/FacturaNo': 'IMP-CHK-DUP',
        '/FacturaDoc/FacturaDate': '2026-11-20',
      }),
    );
    const drafts = async () =>
      Number(
        (
          await ctx.db.query(
            `select count(*)::int as n from documents where owner_org_id = $1 and status = 0`,
            [org.id],
          )
        ).rows[0].n,
      );
    const before = await drafts();
    const { log, items } = await importFile(
      workbook([invoiceHeaderRow(), invoiceLine('IMP-CHK-2'), invoiceLine('IMP-CHK-DUP')]),
    );
    expect(log).toMatchObject({ state: 'invalid', createdCount: 0, errorsCount: 1 });
    const blocks = items.filter((i: { level: string }) => i.level === 'block');
    expect(blocks).toEqual([
      expect.objectContaining({ row: 3, rule: 'check:duplicate-number', documentKey: expect.any(String) }),
    ]);
    expect(blocks[0].message).toMatch(/^This document was already sent: /);
    // The other document's warning is still reported beside the refusal.
    expect(items.some((i: { row: number; level: string }) => i.row === 2 && i.level === 'warn')).toBe(true);
    expect(await drafts()).toBe(before);
  });
});
