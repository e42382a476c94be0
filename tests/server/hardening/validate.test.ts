// POST /api/Document/validate with bounded work (issue 18): signed in only (checked before the body
// is read), rate-limited per person, a document-sized body limit, and validation that stops at the
// first error on large bodies and lists at most 100 on small ones. How long the 3,000-, 10,000- and
// 50,000-row bodies take is measured by `npm run bench:hardening`, not asserted here.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeLine } from '../../../src/engine/lines';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seeds/users';
import { DOCUMENT_BODY_LIMIT, MAX_REPORTED_ERRORS } from '../../../src/server/limits';
import { VALIDATE_RATE_LIMIT } from '../../../src/server/routes/Document';
import {
  FULL_REPORT_MAX_ITEMS,
  FULL_REPORT_MAX_VALUES,
  hasAtMostValues,
} from '../../../src/server/services/documentCheck';
import { type TestContext, withDatabases } from '../harness';

const invoice = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
const withRows = (rows: unknown[]) => ({
  ...invoice,
  ProductList: { ...invoice.ProductList, Products: rows },
});
const realLine = (index: number) =>
  computeLine({ ...invoice.ProductList.Products[0], OrdNo: index + 1, Count: (index % 97) + 1, Summa: 1000 });

async function signIn(ctx: TestContext, user = DEMO_USERS[0]): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    remoteAddress: `10.77.0.${DEMO_USERS.indexOf(user) + 1}`,
    payload: { phone: user.phone, password: DEMO_PASSWORD },
  });
  return res.json().data.accessToken;
}

describe('hasAtMostValues', () => {
  it('counts every JSON value and stops past the limit', () => {
    expect(hasAtMostValues({ a: [1, 2, { b: null }] }, 6)).toBe(true);
    expect(hasAtMostValues({ a: [1, 2, { b: null }] }, 5)).toBe(false);
    expect(hasAtMostValues('x', 1)).toBe(true);
  });
  it('stops at a list longer than the item limit', () => {
    expect(hasAtMostValues({ a: [1, 2, 3] }, 100, 3)).toBe(true);
    expect(hasAtMostValues({ a: [1, 2, 3, 4] }, 100, 3)).toBe(false);
  });
});

withDatabases('POST /api/Document/validate does bounded work', (ctx) => {
  let token: string;
  const validate = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=invoice',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers },
      payload: body as object,
    });
  beforeAll(async () => {
    token = await signIn(ctx);
  });

  it('requires a session, and refuses without one before reading the body', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=invoice',
      payload: invoice,
    });
    expect(anonymous.statusCode).toBe(401);
    // A body over the document limit is not even read without a session: 401, not 413.
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=invoice',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(DOCUMENT_BODY_LIMIT + 10)}"}`,
    });
    expect(huge.statusCode).toBe(401);
    expect((await validate(invoice)).statusCode).toBe(200);
  });

  it('answers the first error only of an invalid body past the full-report size', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      OrdNo: i + 1,
      Name: 'x',
      Count: 'one',
      Summa: 'two',
    }));
    const res = await validate(withRows(rows));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      code: 'VALIDATION',
      message: 'The document has errors; showing the first found: 1',
    });
    expect(body.errors).toHaveLength(1);
    expect(res.body.length).toBeLessThan(4096);
  });

  it('answers the first error only of many empty lines: few values, but a dozen errors each', async () => {
    const rows = Array.from({ length: 10_000 }, () => ({}));
    // Small in values: the value count alone would have asked for the all-errors pass.
    expect(hasAtMostValues(withRows(rows), FULL_REPORT_MAX_VALUES)).toBe(true);
    expect(hasAtMostValues(withRows(rows), FULL_REPORT_MAX_VALUES, FULL_REPORT_MAX_ITEMS)).toBe(false);
    const res = await validate(withRows(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The document has errors; showing the first found: 1');
    expect(res.json().errors).toHaveLength(1);
  });

  it('lists at most 100 errors of a small invalid body, localized at their fields', async () => {
    const rows = Array.from({ length: 60 }, () => ({}));
    expect(hasAtMostValues(withRows(rows), FULL_REPORT_MAX_VALUES)).toBe(true);
    const res = await validate(withRows(rows));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(body.message).toBe(`The document has errors; showing the first found: ${MAX_REPORTED_ERRORS}`);
    expect(body.errors[0]).toMatchObject({ path: expect.stringMatching(/^\/ProductList\/Products\/0\//) });
    expect(body.errors.every((e: { message: string }) => e.message.length > 0)).toBe(true);
  });

  it('lists every error of a small body with few of them', async () => {
    const bad = structuredClone(invoice);
    bad.ProductList.Products[0].DeliverySum = 1;
    const res = await validate(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The document has errors: \d+$/);
  });

  it('accepts a valid 5,000-line invoice and recomputes it', async () => {
    const document = withRows(Array.from({ length: 5000 }, (_, i) => realLine(i)));
    const res = await validate(document);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content.ProductList.Products).toHaveLength(5000);
  });

  it('refuses a body over the document limit with 413', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => realLine(i));
    const res = await validate(withRows(rows));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits validations per person, not per address', async () => {
    const other = await signIn(ctx, DEMO_USERS[1]);
    const statuses: number[] = [];
    for (let i = 0; i <= VALIDATE_RATE_LIMIT.max; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Document/validate?kind=invoice',
        headers: { authorization: `Bearer ${other}` },
        remoteAddress: `10.78.0.${i % 250}`,
        payload: invoice,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, VALIDATE_RATE_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses[VALIDATE_RATE_LIMIT.max]).toBe(429);
    // Another person is not affected.
    const third = await signIn(ctx, DEMO_USERS[2]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/validate?kind=invoice',
      headers: { authorization: `Bearer ${third}` },
      payload: invoice,
    });
    expect(res.statusCode).toBe(200);
  });

  it('serves a catalogue request beside a 50,000-row body', async () => {
    const rows = Array.from({ length: 50_000 }, () => ({}));
    const [big, catalogue] = await Promise.all([
      validate(withRows(rows)),
      ctx.app.inject({ method: 'GET', url: '/api/Lgota/WithoutVatProducts?page=1&size=18' }),
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toHaveLength(1);
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json().rows.length).toBeGreaterThan(0);
  });
});
