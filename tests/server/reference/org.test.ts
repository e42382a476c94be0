// What an organisation keeps beside the reference data: its products (OrgSetting), its contracts
// (ContractInfoWithOrg), the transport used with a carrier (InvoiceItem) and help questions —
// each scoped to the caller's organisation (another organisation's data is a 404).
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, withDatabases } from '../harness';
import { directorOf, get, type Headers } from './session';

withDatabases('organisation settings beside the reference data', (ctx: TestContext) => {
  let mine: Headers;
  let theirs: Headers;
  beforeAll(async () => {
    mine = await directorOf(ctx, 1);
    theirs = await directorOf(ctx, 2);
  });
  const post = (url: string, headers: Headers, payload: object, lang = 'ru') =>
    ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'accept-language': lang }, payload });

  describe('OrgSetting products', () => {
    let productId: string;

    it('adds a product, filling the classifier name and checking the package against the code', async () => {
      const res = await post('/api/OrgSetting/changeProductOption', mine, {
        name: 'Antiseptik 50 ml',
        catalogCode: '03304020001027003',
        packageCode: '1309398',
        barcode: '4780083550024',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Antiseptik 50 ml',
        catalogName: 'Антисептик для рук: ARN Antiseptic, Антисептик для рук ПЭТ флакон 50 мл.',
        packageName: 'шт (флакон) 50 миллилитр',
        version: 1,
      });
      productId = res.json().data.id;
      const wrongPackage = await post('/api/OrgSetting/changeProductOption', mine, {
        name: 'Antiseptik, other package',
        catalogCode: '03304020001027003',
        packageCode: '1',
      });
      expect(wrongPackage.statusCode).toBe(400);
      expect(wrongPackage.json().message).toBe('Упаковка 1 не относится к коду ИКПУ 03304020001027003');
    });

    it('lists the organisation’s own products only, searchable by name, code or barcode', async () => {
      expect(
        (await get(ctx, '/api/OrgSetting/getOrgProductOption?search=antisep', mine)).json().totalCount,
      ).toBe(1);
      expect(
        (await get(ctx, '/api/OrgSetting/getOrgProductOption?search=4780083550024', mine)).json().totalCount,
      ).toBe(1);
      expect((await get(ctx, '/api/OrgSetting/getOrgProductOption', theirs)).json()).toEqual({
        rows: [],
        totalCount: 0,
      });
    });

    it('changes with the version read; stale → 409; another organisation’s → 404; duplicate → 409', async () => {
      const changed = await post('/api/OrgSetting/changeProductOption', mine, {
        id: productId,
        version: 1,
        name: 'Antiseptik 50 ml (flakon)',
        catalogCode: '03304020001027003',
      });
      expect(changed.json().data).toMatchObject({ version: 2, name: 'Antiseptik 50 ml (flakon)' });
      const stale = await post('/api/OrgSetting/changeProductOption', mine, {
        id: productId,
        version: 1,
        name: 'x',
        catalogCode: '03304020001027003',
      });
      expect(stale.statusCode).toBe(409);
      const foreign = await post('/api/OrgSetting/changeProductOption', theirs, {
        id: productId,
        version: 2,
        name: 'x',
        catalogCode: '03304020001027003',
      });
      expect(foreign.statusCode).toBe(404);
      const duplicate = await post('/api/OrgSetting/changeProductOption', mine, {
        name: 'Antiseptik 50 ml (flakon)',
        catalogCode: '03304020001027003',
      });
      expect(duplicate.statusCode).toBe(409);
      const deleteForeign = await post('/api/OrgSetting/changeProductOption', theirs, {
        id: productId,
        delete: true,
        name: 'x',
        catalogCode: '03304020001027003',
      });
      expect(deleteForeign.statusCode).toBe(404);
      const deleted = await post('/api/OrgSetting/changeProductOption', mine, {
        id: productId,
        delete: true,
        name: 'x',
        catalogCode: '03304020001027003',
      });
      expect(deleted.json()).toEqual({ success: true, data: null });
      expect((await get(ctx, '/api/OrgSetting/getOrgProductOption', mine)).json().totalCount).toBe(0);
    });

    it('400 for a malformed code or an empty name', async () => {
      expect(
        (await post('/api/OrgSetting/changeProductOption', mine, { name: 'x', catalogCode: '123' }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await post('/api/OrgSetting/changeProductOption', mine, {
            name: '',
            catalogCode: '03304020001027003',
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('ContractInfoWithOrg', () => {
    let contractId: string;
    const contract = {
      type: 'sale',
      counterpartyTin: '302000002',
      counterpartyName: 'AJ «Demo Qurilish» (demo)',
      contractNo: 'D-2026/15',
      contractDate: '2026-01-15',
      validUntil: '2026-12-31',
      amount: '125000000.50',
      currency: 'UZS',
    };

    it('adds a contract and finds it by counterparty, number and date (check)', async () => {
      const res = await post('/api/ContractInfoWithOrg/change', mine, contract);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ ...contract, version: 1, file: null });
      contractId = res.json().data.id;
      const check = await get(
        ctx,
        '/api/ContractInfoWithOrg/check?counterpartyTin=302000002&contractNo=D-2026/15&contractDate=2026-01-15',
        mine,
      );
      expect(check.json()).toMatchObject({ success: true, exists: true, data: { id: contractId } });
      const other = await get(
        ctx,
        '/api/ContractInfoWithOrg/check?counterpartyTin=302000002&contractNo=D-1',
        mine,
      );
      expect(other.json()).toEqual({ success: true, exists: false, data: null });
      expect((await get(ctx, '/api/ContractInfoWithOrg/getList?type=sale', mine)).json().totalCount).toBe(1);
      expect((await get(ctx, '/api/ContractInfoWithOrg/getList?type=purchase', mine)).json().totalCount).toBe(
        0,
      );
      expect((await get(ctx, `/api/ContractInfoWithOrg/get?Id=${contractId}`, mine)).json().data.amount).toBe(
        '125000000.50',
      );
    });

    it('another organisation sees nothing of it (404)', async () => {
      expect((await get(ctx, `/api/ContractInfoWithOrg/get?Id=${contractId}`, theirs)).statusCode).toBe(404);
      expect((await get(ctx, '/api/ContractInfoWithOrg/getList', theirs)).json().totalCount).toBe(0);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ContractInfoWithOrg/delete?Id=${contractId}`,
        headers: theirs,
      });
      expect(del.statusCode).toBe(404);
    });

    it('refuses bad data: dates out of order, a bad amount, a duplicate, a stale version', async () => {
      const late = await post('/api/ContractInfoWithOrg/change', mine, {
        ...contract,
        contractNo: 'D-2',
        validUntil: '2025-01-01',
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('CONTRACT_DATES');
      expect(
        (
          await post('/api/ContractInfoWithOrg/change', mine, {
            ...contract,
            contractNo: 'D-3',
            amount: '1.234',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/ContractInfoWithOrg/change', mine, { ...contract, contractDate: '15.01.2026' }))
          .statusCode,
      ).toBe(400);
      expect((await post('/api/ContractInfoWithOrg/change', mine, contract)).statusCode).toBe(409);
      const stale = await post('/api/ContractInfoWithOrg/change', mine, {
        ...contract,
        id: contractId,
        version: 5,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
    });

    it('changeByFile: the same fields as multipart with the scanned copy; the copy is downloadable', async () => {
      const boundary = '----hujjat-test';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const pdf = Buffer.from('%PDF-1.4\n% demo contract scan\n%%EOF\n');
      const body = Buffer.concat([
        Buffer.from(
          field('id', contractId) +
            field('version', '1') +
            field('type', 'sale') +
            field('counterpartyTin', '302000002') +
            field('contractNo', 'D-2026/15') +
            field('contractDate', '2026-01-15') +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shartnoma.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ContractInfoWithOrg/changeByFile',
        headers: { ...mine, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        version: 2,
        file: { name: 'shartnoma.pdf', type: 'application/pdf', size: pdf.length },
      });
      const file = await get(ctx, `/api/ContractInfoWithOrg/getFile?Id=${contractId}`, mine);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(pdf)).toBe(true);
      expect((await get(ctx, `/api/ContractInfoWithOrg/getFile?Id=${contractId}`, theirs)).statusCode).toBe(
        404,
      );

      const noFile = await ctx.app.inject({
        method: 'POST',
        url: '/api/ContractInfoWithOrg/changeByFile',
        headers: { ...mine, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.from(`${field('type', 'sale')}--${boundary}--\r\n`),
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().code).toBe('CONTRACT_FILE_REQUIRED');
      const badField = await ctx.app.inject({
        method: 'POST',
        url: '/api/ContractInfoWithOrg/changeByFile',
        headers: { ...mine, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `${field('type', 'rent')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          pdf,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(badField.statusCode).toBe(400);
      expect(badField.json().code).toBe('VALIDATION');
    });

    it('delete removes it', async () => {
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ContractInfoWithOrg/delete?Id=${contractId}`,
        headers: mine,
      });
      expect(del.statusCode).toBe(200);
      expect((await get(ctx, `/api/ContractInfoWithOrg/get?Id=${contractId}`, mine)).statusCode).toBe(404);
    });
  });

  describe('InvoiceItem transport', () => {
    const transport = {
      TinOrPinfl: '302000003',
      Name: 'XK «Demo Logistika» (demo)',
      Trucks: [{ RegNo: '01 a 123 bc', Model: 'Isuzu NPR' }],
      Trailers: [],
      Drivers: [{ Pinfl: '31012880345673', FullName: 'Tursunov Bobur (demo)' }],
    };

    it('404 until saved; saved plates are normalized; another organisation does not see it', async () => {
      const none = await get(ctx, '/api/InvoiceItem/getTransport/302000003', mine, 'ru');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('Для перевозчика 302000003 ещё не сохранён транспорт');
      const saved = await post('/api/InvoiceItem/updateTransport', mine, transport);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        Trucks: [{ RegNo: '01A123BC', Model: 'Isuzu NPR' }],
        version: 1,
      });
      expect(
        (await get(ctx, '/api/InvoiceItem/getTransport/302000003', mine)).json().data.Drivers,
      ).toHaveLength(1);
      expect((await get(ctx, '/api/InvoiceItem/getTransport/302000003', theirs)).statusCode).toBe(404);
    });

    it('a stale version is 409; bad data is 400', async () => {
      expect(
        (await post('/api/InvoiceItem/updateTransport', mine, { ...transport, version: 1 })).json().data
          .version,
      ).toBe(2);
      expect(
        (await post('/api/InvoiceItem/updateTransport', mine, { ...transport, version: 1 })).statusCode,
      ).toBe(409);
      expect(
        (await post('/api/InvoiceItem/updateTransport', mine, { ...transport, TinOrPinfl: '12' })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/InvoiceItem/updateTransport', mine, { ...transport, Trucks: [{ RegNo: '' }] }))
          .statusCode,
      ).toBe(400);
      expect((await get(ctx, '/api/InvoiceItem/getTransport/12', mine)).statusCode).toBe(400);
    });
  });

  describe('Questions', () => {
    it('stores a question with who asked it; refuses an empty one', async () => {
      const res = await post('/api/Questions/add', mine, {
        name: 'Aliyev Akmal',
        contact: '+998901000001',
        text: 'Qanday qilib hisob-faktura yuboraman?',
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await ctx.db.query<{ text: string; organization_id: string; lang: string }>(
        'select q.text, q.lang, o.tin from help_questions q join organizations o on o.id = q.organization_id where q.id = $1',
        [res.json().data.id],
      );
      expect(stored.rows[0]).toMatchObject({
        text: 'Qanday qilib hisob-faktura yuboraman?',
        tin: '302000001',
        lang: 'ru',
      });
      expect((await post('/api/Questions/add', mine, { text: '   ' })).statusCode).toBe(400);
      expect((await post('/api/Questions/add', mine, {})).statusCode).toBe(400);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/Questions/add', payload: { text: 'x' } }))
          .statusCode,
      ).toBe(401);
    });
  });
});
