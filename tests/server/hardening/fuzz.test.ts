// Hostile input on every route of the OpenAPI table (a route added later is covered): the NUL
// character, a blank text, numbers far out of range, JSON nested thousands of levels deep — in each
// path and query parameter and each top-level body field, with the other fields plausible so the
// request gets as far as it can. Never a 500: each is refused with a clear 4xx (issue 26 found 500s
// on Document/add, Organization/add, Questions/add, getDocumentOrgs, getDocumentsToCorrect,
// Template/getList and MultiSignLog/getList). Plus the cases the issue names, one by one.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/db/seeds/users';
import { MAX_JSON_DEPTH } from '../../../src/server/limits';
import { type TestContext, withDatabases } from '../harness';
import { type RouteEntry, routeTable, sample, sampleRequest } from '../routeTable';

/** JSON text of arrays nested `depth` deep (as text: JSON.stringify itself recurses). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** A placeholder string; its JSON text is DEEP. */
const DEEP_VALUE = '\u0001deep';
const DEEP = JSON.stringify(DEEP_VALUE);
/** JSON text of a value with DEEP (a placeholder) replaced by nesting `depth` deep. */
const withDeep = (value: unknown, depth: number) => JSON.stringify(value).replace(DEEP, nested(depth));

/** Hostile values of a parameter (as URL text) and of a body field (as JSON). */
const PARAMETER_INPUTS = ['a\u0000b', ' ', '1e308', '-1e308', '9'.repeat(40)];
const BODY_INPUTS: unknown[] = ['a\u0000b', ' ', 1e308, -1e308, DEEP_VALUE, { 'k\u0000': 1 }];

withDatabases('hostile input on every route', (ctx: TestContext) => {
  let token = '';
  const login = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      payload: { phone: '998901000001', password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().data.accessToken;
  };
  beforeAll(login);

  const send = (route: RouteEntry, url: string, payload: unknown) =>
    ctx.app.inject({
      method: route.method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload:
        payload === undefined ? undefined : typeof payload === 'string' ? payload : withDeep(payload, 5_000),
    });

  namedCases(ctx, () => token);

  it('answers no hostile parameter or body field with a 500, on any route', async () => {
    // Signing out would end the session the walk uses; everything else is walked.
    const routes = routeTable(ctx.app).filter((r) => !/\/(logout|signOut)/i.test(r.path));
    expect(routes.length).toBeGreaterThan(200);
    const values = { documentId: randomUUID(), tin: '302000002', kind: 'invoice' };
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const cases: { label: string; url: string; payload: unknown }[] = [];
      for (const parameter of route.parameters.filter((p) => p.in === 'query' || p.in === 'path')) {
        for (const input of PARAMETER_INPUTS) {
          const { url, payload } = sampleRequest(route, values, { name: parameter.name, value: input });
          cases.push({ label: `${parameter.in} ${parameter.name}=${JSON.stringify(input)}`, url, payload });
        }
      }
      const { url } = sampleRequest(route, values);
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        const base = (route.body ? sample(route.body, 'body', values) : {}) as Record<string, unknown>;
        const fields = Object.keys(route.body?.properties ?? {});
        for (const field of fields.length ? fields : ['x']) {
          for (const input of BODY_INPUTS) {
            const label = `body ${field}=${input === DEEP_VALUE ? 'nested 5,000 deep' : JSON.stringify(input)}`;
            cases.push({ label, url, payload: { ...base, [field]: input } });
          }
        }
        cases.push({ label: 'body nested 5,000 deep', url, payload: nested(5_000) });
      }
      for (const c of cases) {
        const res = await send(route, c.url, c.payload);
        requests += 1;
        if (res.statusCode >= 500 && res.statusCode !== 503)
          failures.push(
            `${route.method} ${route.path} ${c.label} → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      // A route that ended the session (none should) must not hide the rest of the walk.
      const still = await ctx.app.inject({
        method: 'GET',
        url: '/api/Auth/getUserInfoOwn',
        headers: { authorization: `Bearer ${token}` },
      });
      if (still.statusCode === 401) await login();
    }
    console.info(`fuzz: ${routes.length} routes, ${requests} requests`);
    expect(failures).toEqual([]);
  }, 600_000);
});

/** The issue's own findings, each with the answer it should get now. */
function namedCases(ctx: TestContext, token: () => string) {
  const call = (method: string, url: string, payload?: object | string, lang = 'en') =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${token()}`,
        'accept-language': lang,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: payload === undefined || typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('Document/add with a body nested deeper than the limit: 400 TOO_DEEP, localized', async () => {
    const res = await call('POST', '/api/Document/add?kind=invoice', `{"FacturaDoc":${nested(100_000)}}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'TOO_DEEP',
      message: `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
    });
    const ru = await call('POST', '/api/Document/validate?kind=invoice', nested(MAX_JSON_DEPTH + 1), 'ru');
    expect(ru.json().message).toContain('слишком глубоко');
  });

  it('a branch named with a single space: 400 "required", nothing added', async () => {
    const res = await call('POST', '/api/Organization/add', { code: 'SP1', name: ' ' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].message).toMatch(/required/);
    const { rows } = await ctx.db.query(`select 1 from organization_branches where code = 'SP1'`);
    expect(rows).toEqual([]);
    const trimmed = await call('POST', '/api/Organization/add', { code: 'SP1', name: '  Chilonzor  ' });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json().data.name).toBe('Chilonzor');
  });

  it('a NUL character in Questions/add and in the search of getDocumentOrgs and getDocumentsToCorrect: 400', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/Questions/add', { question: 'Why\u0000?', name: 'Test', phone: '+998901234567' }],
      ['GET', '/api/Document/getDocumentOrgs?search=a%00b'],
      ['GET', '/api/Document/getDocumentsToCorrect?docType=invoice&search=a%00b'],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        message: 'Text must not contain the NUL character (code 0)',
      });
    }
  });

  it('page=1e308 on Template/getList and pageNumber=1e308 on MultiSignLog/getList: 400 with the bound', async () => {
    for (const url of ['/api/Template/getList?page=1e308', '/api/MultiSignLog/getList?pageNumber=1e308']) {
      const res = await call('GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().errors?.[0]?.keyword, res.body).toBe('maximum');
    }
  });
}
