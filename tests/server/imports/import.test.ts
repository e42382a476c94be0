// Excel import of documents (issue 16): a good file, errors in several rows (each reported, nothing
// created), the same file twice, a dry run, files that are not .xlsx, empty or oversized — each with a
// clear message; the log and its errors table belong to the organisation that imported.
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/db/seeds/users';
import { importableKinds, templateOf } from '../../../src/server/services/imports/templates';
import { type TestContext, withDatabases } from '../harness';
import { invoiceHeaderRow, invoiceLine, multipart, workbook } from './xlsx';

withDatabases('Excel import', (ctx: TestContext) => {
  const auth: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    for (const [who, phone, ip] of [
      ['savdo', '998901000001', '10.61.0.1'],
      ['qurilish', '998901000002', '10.61.0.2'],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        headers: { 'x-forwarded-for': ip },
        payload: { phone, password: DEMO_PASSWORD },
      });
      auth[who] = { authorization: `Bearer ${res.json().data.accessToken}` };
    }
  });

  async function upload(file: Buffer, query = 'kind=invoice', who = 'savdo', lang = 'ru', name?: string) {
    const body = multipart(file, name);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/Import/DocumentExcelImport?${query}`,
      headers: { ...auth[who], ...body.headers, 'accept-language': lang },
      payload: body.payload,
    });
  }

  /** Uploads, runs the job, answers the import log entry. */
  async function importFile(file: Buffer, query = 'kind=invoice') {
    const res = await upload(file, query);
    expect(res.statusCode, res.body).toBe(200);
    const { importId, jobId } = res.json().data;
    await ctx.app.jobs.runPending();
    const job = await ctx.app.inject({ method: 'GET', url: `/api/Job/get?id=${jobId}`, headers: auth.savdo });
    const entry = await ctx.app.inject({
      method: 'GET',
      url: `/api/DocExcelImport/Get?logId=${importId}`,
      headers: auth.savdo,
    });
    return { importId, job: job.json().data, log: entry.json().data };
  }

  const draftCount = async () =>
    Number(
      (
        await ctx.db.query(
          `select count(*)::int as n from documents d join organizations o on o.id = d.owner_org_id
           where o.tin = '302000001' and d.status = 0`,
        )
      ).rows[0].n,
    );

  const GOOD = () =>
    workbook([
      invoiceHeaderRow(),
      invoiceLine('IMP-1'),
      invoiceLine('IMP-1', {
        FacturaDate: '',
        Name: 'Доставка',
        Count: 1,
        Summa: 150000,
        CatalogCode: '10112008001000001',
        PackageCode: '1209782',
        Origin: 3,
      }),
      invoiceLine('IMP-2', { Count: '2,5', Summa: '1 000' }),
    ]);

  it('imports a good file: one draft per group of rows, lines in order, seller and sums filled by the server', async () => {
    const before = await draftCount();
    const { job, log } = await importFile(GOOD());
    expect(job.state).toBe('done');
    expect(log).toMatchObject({
      state: 'done',
      rowsCount: 3,
      documentsCount: 2,
      createdCount: 2,
      existingCount: 0,
      errorsCount: 0,
    });
    expect(await draftCount()).toBe(before + 2);
    const doc = await ctx.app.inject({
      method: 'GET',
      url: `/api/Document/getById?documentId=${log.documentIds[0]}`,
      headers: auth.savdo,
    });
    expect(doc.statusCode).toBe(200);
    const content = doc.json().data.content;
    expect(content.FacturaDoc).toEqual({ FacturaNo: 'IMP-1', FacturaDate: '2026-11-20' });
    expect(content.SellerTin).toBe('302000001');
    expect(content.Seller.Name).toBeTruthy();
    expect(
      content.ProductList.Products.map((p: { Name: string; OrdNo: number }) => [p.OrdNo, p.Name]),
    ).toEqual([
      [1, 'Akbar Gold 100 g'],
      [2, 'Доставка'],
    ]);
    // 10 × 12 500.50 = 125 005.00; VAT 12 % = 15 000.60
    expect(content.ProductList.Products[0]).toMatchObject({
      DeliverySum: 125005,
      VatSum: 15000.6,
      DeliverySumWithVat: 140005.6,
    });
    const second = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/Document/getById?documentId=${log.documentIds[1]}`,
        headers: auth.savdo,
      })
    ).json().data.content;
    expect(second.ProductList.Products[0]).toMatchObject({ Count: 2.5, Summa: 1000, DeliverySum: 2500 });
  });

  it('the same file imported twice creates nothing new', async () => {
    const before = await draftCount();
    const { log } = await importFile(GOOD());
    expect(log).toMatchObject({ state: 'done', createdCount: 0, existingCount: 2 });
    expect(await draftCount()).toBe(before);
  });

  it('a file with errors in several rows: each reported by row, column and rule; nothing is created', async () => {
    const before = await draftCount();
    const file = workbook([
      invoiceHeaderRow(),
      invoiceLine('BAD-1', { BuyerTin: '12345' }),
      invoiceLine('BAD-1', { Count: 'много' }),
      invoiceLine('BAD-2', { CatalogCode: '' }),
      invoiceLine('OK-3'),
      invoiceLine('BAD-4', { FacturaDate: '31.02.2026' }),
    ]);
    const { log, importId } = await importFile(file);
    expect(log).toMatchObject({ state: 'invalid', createdCount: 0 });
    expect(await draftCount()).toBe(before);
    const items = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/DocExcelImport/GetItemList?logId=${importId}&pageSize=100`,
        headers: auth.savdo,
      })
    ).json();
    const rows = items.rows.map((r: { row: number; column: string; rule: string }) => [
      r.row,
      r.column,
      r.rule,
    ]);
    expect(rows).toContainEqual([3, 'Количество', 'type']);
    expect(rows).toContainEqual([6, 'Дата счёта-фактуры', 'type']);
    expect(rows.some(([row, column]: [number, string]) => row === 4 && column === 'Код ИКПУ')).toBe(true);
    // A document with a cell that cannot be read is not judged further in the same pass; alone, its
    // TIN (10 digits: neither a TIN nor a PINFL) is judged by the schema:
    expect(items.rows.every((r: { message: string }) => r.message.length > 0)).toBe(true);
    expect(items.totalCount).toBe(items.rows.length);

    const tinOnly = await importFile(
      workbook([invoiceHeaderRow(), invoiceLine('TIN-1', { BuyerTin: '1234567890' })]),
    );
    const tinItems = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/DocExcelImport/GetItemList?logId=${tinOnly.importId}`,
        headers: auth.savdo,
      })
    ).json().rows;
    expect(tinItems).toContainEqual(
      expect.objectContaining({
        row: 2,
        column: 'ИНН/ПИНФЛ покупателя',
        documentKey: 'TIN-1',
        rule: 'pinflOrTin',
      }),
    );
  });

  it('a dry run only reports', async () => {
    const before = await draftCount();
    const { log } = await importFile(
      workbook([invoiceHeaderRow(), invoiceLine('DRY-1')]),
      'kind=invoice&dryRun=true',
    );
    expect(log).toMatchObject({
      state: 'checked',
      dryRun: true,
      documentsCount: 1,
      createdCount: 0,
      errorsCount: 0,
    });
    expect(await draftCount()).toBe(before);
  });

  it('refuses a file that is not .xlsx, an empty one, one without data rows, and an oversized one, with clear messages', async () => {
    const text = await upload(
      Buffer.from('Номер;Дата\n1;2026-01-01\n'),
      'kind=invoice',
      'savdo',
      'ru',
      'list.csv',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'IMPORT_NOT_XLSX' });
    expect(text.json().message).toContain('.xlsx');

    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('IMPORT_EMPTY');

    const headerOnly = await upload(workbook([invoiceHeaderRow()]), 'kind=invoice', 'savdo', 'en');
    expect(headerOnly.json()).toMatchObject({
      code: 'IMPORT_EMPTY',
      message: expect.stringContaining('header row'),
    });

    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const oversized = await upload(big);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().code).toBe('IMPORT_TOO_LARGE');
    expect(oversized.json().message).toContain('10');

    const noGroup = await upload(workbook([['Наименование'], ['чай']]));
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json()).toMatchObject({
      code: 'IMPORT_NO_GROUP_COLUMN',
      message: expect.stringContaining('Номер счёта-фактуры'),
    });

    const kind = await upload(GOOD(), 'kind=contract');
    expect(kind.statusCode).toBe(400);
  });

  it('the log and its errors belong to the importing organisation; deleting removes entries', async () => {
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/DocExcelImport/GetList', headers: auth.savdo })
    ).json();
    expect(mine.totalCount).toBeGreaterThan(3);
    const theirs = (
      await ctx.app.inject({ method: 'GET', url: '/api/DocExcelImport/GetList', headers: auth.qurilish })
    ).json();
    expect(theirs.totalCount).toBe(0);
    const id = mine.rows[0].id;
    for (const url of [
      `/api/DocExcelImport/Get?logId=${id}`,
      `/api/DocExcelImport/GetItemList?logId=${id}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: auth.qurilish })).statusCode).toBe(404);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/DocExcelImport/Delete?logId=${id}`,
          headers: auth.qurilish,
        })
      ).statusCode,
    ).toBe(404);
    const bulk = await ctx.app.inject({
      method: 'POST',
      url: '/api/DocExcelImport/BulkDeleteItems',
      headers: auth.savdo,
      payload: { ids: [mine.rows[0].id, mine.rows[1].id] },
    });
    expect(bulk.json().results).toEqual([
      { id: mine.rows[0].id, success: true },
      { id: mine.rows[1].id, success: true },
    ]);
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/DocExcelImport/GetList', headers: auth.savdo })
    ).json();
    expect(after.totalCount).toBe(mine.totalCount - 2);
  });

  const logOf = async (importId: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/DocExcelImport/Get?logId=${importId}`,
        headers: auth.savdo,
      })
    ).json().data;
  const cancel = (jobId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/Job/cancel?id=${jobId}`, headers: auth.savdo });

  it('an import cancelled while queued never runs, and its log says cancelled', async () => {
    const before = await draftCount();
    const res = await upload(workbook([invoiceHeaderRow(), invoiceLine('CQ-1')]));
    const { importId, jobId } = res.json().data;
    expect((await cancel(jobId)).json().data.state).toBe('cancelled');
    await ctx.app.jobs.runPending();
    expect(await logOf(importId)).toMatchObject({ state: 'cancelled', createdCount: 0 });
    expect(await draftCount()).toBe(before);
  });

  it('an import cancelled while running stops between documents; the log counts the drafts made', async () => {
    const before = await draftCount();
    const lines = Array.from({ length: 80 }, (_, i) => invoiceLine(`CR-${i + 1}`));
    const res = await upload(workbook([invoiceHeaderRow(), ...lines]));
    const { importId, jobId } = res.json().data;
    const running = ctx.app.jobs.runPending();
    // Cancel as soon as the job runs: it stops at its next progress report (every 10 documents).
    for (;;) {
      const { rows } = await ctx.db.query<{ state: string }>('select state from jobs where id = $1', [jobId]);
      if (rows[0].state === 'running') break;
      expect(rows[0].state).toBe('queued');
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await cancel(jobId)).statusCode).toBe(200);
    await running;
    const job = (
      await ctx.app.inject({ method: 'GET', url: `/api/Job/get?id=${jobId}`, headers: auth.savdo })
    ).json().data;
    expect(job.state).toBe('cancelled');
    const entry = await logOf(importId);
    expect(entry.state).toBe('cancelled');
    expect(entry.documentsCount).toBe(80);
    // Nothing half-made: every draft created is counted, and fewer than all 80.
    const made = (await draftCount()) - before;
    expect(entry.createdCount).toBe(made);
    expect(made).toBeLessThan(80);
  });

  // Each template is data beside its kind's schema: a schema change that moves a column's field
  // (completionAct's HasVat onto its product list) must not leave the template a 500.
  it.each(importableKinds())(
    'the %s template downloads and its own sample rows import cleanly',
    async (kind) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Import/template?kind=${kind}&lang=ru` });
      expect(res.statusCode, res.body).toBe(200);
      const { log } = await importFile(Buffer.from(res.rawPayload), `kind=${kind}&dryRun=true`);
      const errors = await ctx.app.inject({
        method: 'GET',
        url: `/api/DocExcelImport/GetItemList?logId=${log.id}`,
        headers: auth.savdo,
      });
      expect(log, errors.body).toMatchObject({ state: 'checked', errorsCount: 0 });
      expect(log.documentsCount).toBeGreaterThan(0);
    },
  );

  // A party's id shorter than a TIN (9 digits) is neither a TIN nor a PINFL, as text or as a number
  // cell (Excel drops leading zeros: it must not be padded back into someone else's TIN).
  it.each(importableKinds())('refuses a %s row whose TIN or PINFL is shorter than 9 digits', async (kind) => {
    const template = templateOf(kind);
    const ids = template.columns
      .map((pointer, index) => ({ pointer, index }))
      .filter(({ pointer }) => /(Tin|Pinfl)$/.test(pointer));
    expect(ids.length, `${kind}: a template without a party id column`).toBeGreaterThan(0);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Import/template?kind=${kind}&lang=ru` });
    const XLSX = await import('xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const [header] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    for (const short of ['30200000', 30200000, '1234', 1]) {
      for (const { pointer, index } of ids) {
        // Sample rows may stop before the optional columns (excise, benefit, committent…): padded.
        const rows = template.sample.map((row) =>
          template.columns.map((_, i) => (i === index ? short : (row[i] ?? null))),
        );
        const before = await draftCount();
        const { log, importId } = await importFile(workbook([header, ...rows]), `kind=${kind}`);
        expect(log, `${kind} ${pointer}=${short}`).toMatchObject({ state: 'invalid', createdCount: 0 });
        expect(await draftCount()).toBe(before);
        const items = (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/DocExcelImport/GetItemList?logId=${importId}&pageSize=100`,
            headers: auth.savdo,
          })
        ).json().rows;
        expect(
          items.map((item: { column: string }) => item.column),
          `${kind} ${pointer}=${short}`,
        ).toContain(header[index]);
      }
    }
  });

  it('offers the template of a kind with its columns in the chosen language', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Import/template?kind=invoice&lang=en' });
    expect(res.statusCode).toBe(200);
    const XLSX = await import('xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toContain('Invoice number');
    expect(rows.length).toBeGreaterThan(1);
  });
});
