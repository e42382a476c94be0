import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidator, loadPrecompiledValidator } from '../../src/engine';
import { getLifecycle, readOne } from '../../src/engine/lifecycle';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/db/seeds/users';
import { registerErrorHandling } from '../../src/server/errors';
import documentRoutes from '../../src/server/routes/Document';
import { FIXTURE_NOW, loadFixtures } from '../engine/fixtures';
import { withDatabases } from './harness';

const fixtures = loadFixtures();

/**
 * The route on its own, with the fixtures' clock and no database checks (those are covered below
 * with a real database), so that runtime, precompiled and route must give the same outcome.
 */
async function routeApp(now: string): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  });
  registerErrorHandling(app);
  await app.register(documentRoutes, {
    prefix: '/api/Document',
    now: () => new Date(now),
    checker: async () => null,
    // The session check is covered with a real app in hardening/validate.test.ts.
    authenticate: async () => {},
  });
  await app.ready();
  return app;
}

describe('POST /api/Document/validate gives the same outcome as the runtime and precompiled validators', () => {
  const apps = new Map<string, FastifyInstance>();
  const appFor = async (now: string) => {
    if (!apps.has(now)) apps.set(now, await routeApp(now));
    return apps.get(now)!;
  };
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  it.each(fixtures.map((f) => [`${f.kind}/${f.valid ? 'valid' : 'invalid'}/${f.name}`, f] as const))(
    '%s',
    async (_, fixture) => {
      const runtime = createValidator(fixture.kind)(fixture.document, { now: fixture.now });
      const precompiled = (await loadPrecompiledValidator(fixture.kind))(fixture.document, {
        now: fixture.now,
      });
      const app = await appFor(fixture.now);
      const res = await app.inject({
        method: 'POST',
        url: `/api/Document/validate?kind=${fixture.kind}`,
        payload: fixture.document as object,
        headers: { 'accept-language': 'en' },
      });
      expect(precompiled.valid).toBe(runtime.valid);
      expect(res.statusCode).toBe(runtime.valid ? 200 : 400);
      const body = res.json();
      expect(body.success).toBe(runtime.valid);
      if (fixture.valid) return;
      const routeErrors: Array<{ keyword: string; instancePath: string }> = body.errors.map((e: any) => ({
        keyword: e.keyword,
        instancePath: e.path,
      }));
      const { keyword, instancePath } = fixture.expect!;
      if (keyword === 'required') {
        // The route reports a `required` error on the missing field itself (/Buyer → /Buyer/Director).
        expect(
          routeErrors.some((e) => e.keyword === 'required' && e.instancePath.startsWith(`${instancePath}/`)),
        ).toBe(true);
      } else {
        expect(routeErrors).toContainEqual({ keyword, instancePath });
      }
      expect(body.code).toBe('VALIDATION');
      expect(
        body.errors.every(
          (e: any) => typeof e.message === 'string' && e.message.length > 0 && e.key.includes(':'),
        ),
      ).toBe(true);
    },
  );
});

const invoice = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
const waybill = JSON.parse(
  readFileSync('schemas/documents/waybill/fixtures/valid/01-car-seller-to-buyer.json', 'utf8'),
);
const correctedWaybill = JSON.parse(
  readFileSync('schemas/documents/waybill/fixtures/valid/03-one-sided-corrected.json', 'utf8'),
);

describe('route answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await routeApp(FIXTURE_NOW);
  });
  afterAll(() => app.close());

  it('recomputes computed values instead of trusting them (valid input stays as is)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=invoice',
      payload: invoice,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { content: invoice } });
  });

  it('rejects wrong client sums with the localized message and the expected value', async () => {
    const bad = structuredClone(invoice);
    bad.ProductList.Products[0].DeliverySum = 1;
    for (const [lang, text] of [
      ['ru', 'Неверная сумма: должно быть 125005.00'],
      ['uz', 'Summa notoʻgʻri: 125005.00 boʻlishi kerak'],
      ['en', 'Wrong amount: must be 125005.00'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/Document/validate?kind=invoice',
        payload: bad,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors).toContainEqual({
        path: '/ProductList/Products/0/DeliverySum',
        keyword: 'lineArithmetic',
        key: 'validation:lineArithmetic',
        params: expect.objectContaining({ expected: '125005.00' }),
        message: text,
      });
      expect(body.message).toMatch(/\d/);
    }
  });

  it('answers 400 for an unknown kind and for a non-object body', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/Document/validate?kind=nope', payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/Document/validate?kind=invoice', payload: [1] }))
        .statusCode,
    ).toBe(400);
  });
});

withDatabases('Document validate with database checks', (ctx) => {
  // Signed in: the route needs a session (tests/server/hardening/validate.test.ts).
  let authorization = '';
  beforeAll(async () => {
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      payload: { phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD },
    });
    authorization = `Bearer ${signedIn.json().data.accessToken}`;
  });
  const post = (kind: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/Document/validate?kind=${kind}`,
      payload: payload as object,
      headers: { 'accept-language': 'en', authorization },
    });

  /** A stored draft of the signed-in organisation (the tables of migration 0030), visible to it. */
  async function insertDocument(kind: string, content: Record<string, any>) {
    const { rows } = await ctx.db.query<{ id: string; tin: string }>(
      'select id, tin from organizations where tin = $1',
      [DEMO_USERS[0].organizationTin],
    );
    const lifecycle = getLifecycle(kind);
    const nationalId = lifecycle.document.id ? readOne(content, lifecycle.document.id) : null;
    const inserted = await ctx.db.query<{ id: string }>(
      `insert into documents (kind, type_id, national_id, status, owner_org_id, content, content_hash)
       values ($1, $2, $3, 0, $4, $5, 'x') returning id`,
      [kind, lifecycle.typeId, nationalId, rows[0].id, JSON.stringify(content)],
    );
    await ctx.db.query(
      `insert into document_parties (document_id, identity, roles, box, kind, type_id, status, view_status, created_at, updated_at)
       values ($1, $2, array['sender'], 'drafts', $3, $4, 0, 0, now(), now())`,
      [inserted.rows[0].id, rows[0].tin, kind, lifecycle.typeId],
    );
  }

  it('is mounted under /api/Document in the application', async () => {
    const res = await post('waybill', waybill);
    expect(res.statusCode).toBe(200);
  });

  it('rejects a waybill id that already exists', async () => {
    await insertDocument('waybill', waybill);
    const res = await post('waybill', waybill);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: '/WaybillLocalId',
        keyword: 'serverCheck',
        key: 'validation:waybillIdExists',
        message: 'A waybill with this ID already exists',
      }),
    ]);
  });

  it('does not count the stored document itself when it is being updated', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `select id from documents where kind = 'waybill' and national_id = $1`,
      [waybill.WaybillLocalId],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/Document/validate?kind=waybill&documentId=${rows[0].id}`,
      headers: { authorization },
      payload: waybill,
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks that the old document exists and has the same kind', async () => {
    // 03-one-sided-corrected refers to the waybill inserted above.
    expect((await post('waybill', correctedWaybill)).statusCode).toBe(200);
    const otherOld = structuredClone(correctedWaybill);
    otherOld.OldWaybillDoc.WaybillLocalId = '665f1c2e9b1d4a0012abffff';
    const missing = await post('waybill', otherOld);
    expect(missing.json().errors[0]).toMatchObject({
      path: '/OldWaybillDoc/WaybillLocalId',
      key: 'validation:oldDocumentNotFound',
    });
    // An invoice whose national id (FacturaId) is the id the waybill names.
    await insertDocument('invoice', { FacturaId: '665f1c2e9b1d4a0012abffff' });
    const wrongKind = await post('waybill', otherOld);
    expect(wrongKind.json().errors[0]).toMatchObject({
      key: 'validation:oldDocumentType',
      message: 'Invalid old document ID type',
    });
  });

  it('registration: a TIN that already has an account is reported like the -1 rule', async () => {
    const { rows } = await ctx.db.query<{ tin: string | null; pinfl: string | null }>(
      'select tin, pinfl from users where tin is not null or pinfl is not null limit 1',
    );
    if (rows.length === 0) return; // no seeded users in this build
    const cert = rows[0].tin ?? rows[0].pinfl;
    const res = await post('registration', {
      cert,
      email: 'a@b.uz',
      phone: '+998901234567',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
    });
    expect(res.json().errors[0]).toMatchObject({
      path: '/cert',
      key: 'validation:allreadyRegisteredInSystem',
    });
  });
});
