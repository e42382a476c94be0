// The signing-service, invoice-service, lot and tax-authority operations issue 26 found absent:
// Eimzo/makeAttached, Factura/getTaxpayerTypeByOrgId, Lot/getLotPrefixes2, Soliq/getProductByCode and
// getProductById — answers from what the test made, another organisation's never, bad input a 400.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoSignature } from '../../../src/emulator';
import { parseCms } from '../../../src/engine/cms';
import { loadMxik } from '../../../src/server/services/reference/classifier/store';
import { bearer, director, ROLE, type Session, staffMember } from '../access/helpers';
import { createExchangeFixture, type ExchangeFixture } from '../documents/exchange';
import { type TestContext, withDatabases } from '../harness';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

withDatabases(
  'signing, invoice-service, lot and tax-authority operations',
  (ctx: TestContext) => {
    let boss: Session;
    let other: Session;
    let viewer: Session;

    const call = (who: Session | null, method: string, url: string, payload?: object) =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(who ? bearer(who) : {}), 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });

    beforeAll(async () => {
      boss = await director(ctx, 1);
      other = await director(ctx, 2);
      viewer = await staffMember(ctx, boss, ROLE.viewer, 'Viewer (reference test)');
    }, 120_000);

    it('makeAttached attaches a detached signature to the data it signs, and refuses other data', async () => {
      const text = `Hujjat makeAttached ${Date.now()}`;
      const detached = await createDemoSignature(fixture.dataDir, 'org-302000001', text, { detached: true });
      expect(parseCms(Buffer.from(detached, 'base64')).content).toBeFalsy();
      const made = await call(boss, 'POST', '/api/Eimzo/makeAttached', { data: b64(text), pkcs7: detached });
      expect(made.statusCode, made.body).toBe(200);
      const attached = parseCms(Buffer.from(made.json().data.pkcs7b64, 'base64'));
      expect(Buffer.from(attached.content!).toString('utf8')).toBe(text);
      // The signature over other bytes is not attached to them.
      const wrong = await call(boss, 'POST', '/api/Eimzo/makeAttached', {
        data: b64(`${text}!`),
        pkcs7: detached,
      });
      expect(wrong.statusCode, wrong.body).toBe(400);
      const already = await createDemoSignature(fixture.dataDir, 'org-302000001', text);
      expect(
        (await call(boss, 'POST', '/api/Eimzo/makeAttached', { data: b64(text), pkcs7: already })).statusCode,
      ).toBe(400);
      expect(
        (await call(null, 'POST', '/api/Eimzo/makeAttached', { data: b64(text), pkcs7: detached }))
          .statusCode,
      ).toBe(401);
      for (const body of [
        {},
        { data: b64(text) },
        { data: '***', pkcs7: detached },
        { data: b64(text), pkcs7: 'MIIBnotasignatureatall' },
        { data: b64(text), pkcs7: detached, extra: 1 },
      ]) {
        const res = await call(boss, 'POST', '/api/Eimzo/makeAttached', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
    });

    it('Factura/getTaxpayerTypeByOrgId answers for the caller’s own organisation only', async () => {
      const byTin = await call(boss, 'GET', '/api/Factura/getTaxpayerType?tin=302000001');
      expect(byTin.statusCode, byTin.body).toBe(200);
      const byOrg = await call(
        boss,
        'GET',
        `/api/Factura/getTaxpayerTypeByOrgId?orgId=${boss.organizationId}`,
      );
      expect(byOrg.statusCode, byOrg.body).toBe(200);
      expect(byOrg.json().data).toEqual(byTin.json().data);
      expect(byOrg.json().data.tin).toBe('302000001');
      // A member who is not the director may ask for their organisation too.
      expect(
        (await call(viewer, 'GET', `/api/Factura/getTaxpayerTypeByOrgId?orgId=${boss.organizationId}`)).json()
          .data,
      ).toEqual(byTin.json().data);
      const foreign = await call(
        other,
        'GET',
        `/api/Factura/getTaxpayerTypeByOrgId?orgId=${boss.organizationId}`,
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('302000001');
      for (const bad of ['', 'x', '302000001'])
        expect((await call(boss, 'GET', `/api/Factura/getTaxpayerTypeByOrgId?orgId=${bad}`)).statusCode).toBe(
          400,
        );
    });

    it('Lot/getLotPrefixes2 names each deal type in every language and the kinds that carry a lot number', async () => {
      const res = await call(boss, 'GET', '/api/Lot/getLotPrefixes2');
      expect(res.statusCode, res.body).toBe(200);
      const { prefixes, kinds } = res.json().data;
      for (const lang of ['ru', 'uz', 'en']) {
        const v1 = (await call(boss, 'GET', `/api/Lot/getLotPrefixes?lang=${lang}`)).json().rows;
        expect(prefixes.map((p: any) => [p.prefix, p.names[lang]])).toEqual(
          v1.map((p: any) => [p.prefix, p.name]),
        );
      }
      // The kinds whose schema has a LotId, read from the folders.
      const root = path.resolve(__dirname, '../../../schemas/documents');
      const withLot = fs
        .readdirSync(root)
        .filter((kind) => fs.readFileSync(path.join(root, kind, 'schema.json'), 'utf8').includes('"LotId"'))
        .sort();
      expect(kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(withLot);
      expect(withLot.length).toBeGreaterThan(0);
      const invoice = await call(boss, 'GET', '/api/Lot/getLotPrefixes2?docType=invoice');
      expect(invoice.json().data.kinds).toEqual([{ kind: 'invoice', pointers: ['/LotId'] }]);
      const without = fs.readdirSync(root).find((kind) => !withLot.includes(kind));
      const none = await call(boss, 'GET', `/api/Lot/getLotPrefixes2?docType=${without}`);
      expect(none.json().data).toEqual({ prefixes: [], kinds: [] });
      for (const bad of ['nope', 'a-b', ''])
        expect((await call(boss, 'GET', `/api/Lot/getLotPrefixes2?docType=${bad}`)).statusCode, bad).toBe(
          400,
        );
      expect((await call(null, 'GET', '/api/Lot/getLotPrefixes2')).statusCode).toBe(401);
    });

    it('Soliq/getProductByCode and getProductById answer the classifier card the test loaded', async () => {
      await loadMxik(
        ctx.db,
        [
          {
            code: '99900100100200300',
            nameRu: 'Тестовый товар specops (test)',
            nameUzLatn: 'Sinov mahsuloti specops (test)',
            internationalCode: '4780000000123',
            label: true,
            packages: [{ code: '1500242', nameRu: 'шт.', nameUzLatn: 'dona', packageType: '1' }],
          },
        ],
        [],
        { source: 'import', fileName: 'specops-test.json' },
      );
      const byCode = await call(boss, 'GET', '/api/Soliq/getProductByCode?code=99900100100200300&lang=ru');
      expect(byCode.statusCode, byCode.body).toBe(200);
      expect(byCode.json().data).toMatchObject({
        code: '99900100100200300',
        name: 'Тестовый товар specops (test)',
        internationalCode: '4780000000123',
        label: true,
        packages: [{ code: '1500242', name: 'шт.' }],
      });
      const byId = await call(boss, 'GET', '/api/Soliq/getProductById?id=4780000000123&lang=uz');
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json().data).toMatchObject({
        code: '99900100100200300',
        name: 'Sinov mahsuloti specops (test)',
      });
      expect((await call(boss, 'GET', '/api/Soliq/getProductByCode?code=99900100100200399')).statusCode).toBe(
        404,
      );
      expect((await call(boss, 'GET', '/api/Soliq/getProductById?id=4780000000999')).statusCode).toBe(404);
      for (const url of [
        '/api/Soliq/getProductByCode?code=123',
        '/api/Soliq/getProductByCode',
        '/api/Soliq/getProductById?id=abc',
        '/api/Soliq/getProductById?id=1234567',
        '/api/Soliq/getProductByCode?code=99900100100200300&lang=fr',
      ])
        expect((await call(boss, 'GET', url)).statusCode, url).toBe(400);
      expect((await call(null, 'GET', '/api/Soliq/getProductByCode?code=99900100100200300')).statusCode).toBe(
        401,
      );
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
