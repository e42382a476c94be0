// The real tax-authority adapter against a local stand-in of the service: a normal answer (in the
// tax authority's own field names), a slow one (timeout → clear error, never a hang), a 500 (retried,
// then an error), a 404, the TTL cache (a second call served without the service), credentials.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadReferenceConfig } from '../../../src/server/services/reference/config';
import { HttpTaxAuthority } from '../../../src/server/services/soliq/http/httpAuthority';
import { TaxServiceError } from '../../../src/server/services/soliq/types';
import { type TestContext, testConfig, withDatabases } from '../harness';
import { directorOf } from './session';

interface Seen {
  path: string;
  query: URLSearchParams;
  authorization?: string;
}

/** np1/bytin's answer shape (uz-edi / data.md §5): tin, name, account, mfo, oked, status, taxpayer. */
const NP1 = {
  tin: '303303592',
  name: '"STAND-IN PHARM TRADE" MChJ (test)',
  account: '20208000000458557001',
  mfo: '09001',
  oked: '46460',
  status: { vatPayer: true, vatRegCode: '326090004631' },
  taxpayer: { code: 20, nameRu: 'Плательщик НДС+ (сертификат активный)' },
  ns10Code: 26,
  ns11Code: 6,
  director: 'Stand-in Director (test)',
};

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
/** Failures left before the stand-in answers the failing TIN normally. */
let failuresLeft = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    seen.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    const tin = url.searchParams.get('tin');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/Soliq/getOrgInfo') {
      if (tin === '303303592') return json(200, NP1);
      if (tin === '300000500') {
        if (failuresLeft > 0) {
          failuresLeft--;
          return json(500, { message: 'internal' });
        }
        return json(200, { success: true, data: { ...NP1, tin: '300000500' } });
      }
      // Slow: never answers (the client's timeout is what ends the request). Not "answers after 5 s":
      // a test must not depend on how fast this machine is, either way.
      if (tin === '300000777') return;
      return json(404, { message: 'not found' });
    }
    if (url.pathname === '/api/Factura/guid')
      return json(200, { success: true, data: '6949F02F526393DFB2D94A60' });
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  failuresLeft = 0;
});

/**
 * Timeouts: a generous one wherever the stand-in answers (a busy machine may take seconds to serve a
 * local request; 300 ms failed a full run), a short one only where it never answers.
 */
const PATIENT_MS = '60000';
const IMPATIENT_MS = '300';

function authority(env: Record<string, string> = {}) {
  const config = loadReferenceConfig(
    {
      SOLIQ_API_URL: `${baseUrl}/api/Soliq`,
      FACTURA_API_URL: `${baseUrl}/api/Factura`,
      TAX_TIMEOUT_MS: PATIENT_MS,
      TAX_RETRIES: '2',
      ...env,
    },
    { demo: false },
  ).taxAuthority;
  return new HttpTaxAuthority(config, undefined, () => 0);
}

describe('HttpTaxAuthority against a stand-in', () => {
  it('reads a normal answer in the tax authority’s field names', async () => {
    const taxpayer = await authority().taxpayer('303303592', 'uz');
    expect(taxpayer).toMatchObject({
      tin: '303303592',
      name: '"STAND-IN PHARM TRADE" MChJ (test)',
      account: '20208000000458557001',
      mfo: '09001',
      oked: '46460',
      vatPayer: true,
      vatRegCode: '326090004631',
      vatRegStatus: 20,
      taxpayerType: 20,
      regionId: 26,
      districtCode: 6,
      director: 'Stand-in Director (test)',
    });
    expect(seen[0].path).toBe('/api/Soliq/getOrgInfo');
    expect(seen[0].query.get('lang')).toBe('uz');
  });

  it('a 404 is "not known", not a failure', async () => {
    expect(await authority().taxpayer('399999999', 'ru')).toBeNull();
  });

  it('a slow service: a timeout error, not a hang, and no further tries', async () => {
    const error = await authority({ TAX_TIMEOUT_MS: IMPATIENT_MS })
      .taxpayer('300000777', 'ru')
      .catch((e) => e);
    expect(error).toBeInstanceOf(TaxServiceError);
    expect(error.reason).toBe('timeout');
    expect(seen).toHaveLength(1);
  });

  it('a 500 is tried again; the answer after two failures is used', async () => {
    failuresLeft = 2;
    const taxpayer = await authority().taxpayer('300000500', 'ru');
    expect(taxpayer?.tin).toBe('300000500');
    expect(seen).toHaveLength(3);
  });

  it('a 500 that persists: 1 + TAX_RETRIES tries, then "unavailable"', async () => {
    failuresLeft = 100;
    const error = await authority({ TAX_RETRIES: '2' })
      .taxpayer('300000500', 'ru')
      .catch((e) => e);
    expect(error).toBeInstanceOf(TaxServiceError);
    expect(error.reason).toBe('unavailable');
    expect(seen).toHaveLength(3);
  });

  it('a second call within the TTL is served from the cache, without the service', async () => {
    const cached = authority();
    await cached.taxpayer('303303592', 'ru');
    await cached.taxpayer('303303592', 'ru');
    expect(seen).toHaveLength(1);
    expect(cached.soliq.requests).toBe(1);
    // Another TIN or another language is another question.
    await cached.taxpayer('303303592', 'uz');
    expect(seen).toHaveLength(2);
    // With TAX_CACHE_TTL_S=0 every call asks the service.
    const uncached = authority({ TAX_CACHE_TTL_S: '0' });
    await uncached.taxpayer('303303592', 'ru');
    await uncached.taxpayer('303303592', 'ru');
    expect(seen).toHaveLength(4);
  });

  it('identical questions in flight share one request', async () => {
    const shared = authority();
    await Promise.all([shared.taxpayer('303303592', 'ru'), shared.taxpayer('303303592', 'ru')]);
    expect(seen).toHaveLength(1);
  });

  it('sends the configured credentials: a bearer token, or Basic user:password', async () => {
    await authority({ SOLIQ_API_TOKEN: 'secret-token' }).taxpayer('303303592', 'ru');
    expect(seen[0].authorization).toBe('Bearer secret-token');
    await authority({ SOLIQ_API_USER: 'hujjat', SOLIQ_API_PASSWORD: 'p@ss' }).taxpayer('303303592', 'ru');
    expect(seen[1].authorization).toBe(`Basic ${Buffer.from('hujjat:p@ss').toString('base64')}`);
  });

  it('never puts the credentials into an error message', async () => {
    failuresLeft = 100;
    const error = await authority({ SOLIQ_API_TOKEN: 'secret-token', TAX_RETRIES: '0' })
      .taxpayer('300000500', 'ru')
      .catch((e) => e);
    expect(String(error.message)).not.toContain('secret-token');
  });

  it('guid comes from the invoice service, every call asked anew', async () => {
    const a = authority();
    expect(await a.guid()).toBe('6949f02f526393dfb2d94a60');
    await a.guid();
    expect(seen.filter((s) => s.path === '/api/Factura/guid')).toHaveLength(2);
  });

  it('configuration errors are clear', () => {
    expect(() => loadReferenceConfig({ SOLIQ_API_URL: 'ftp://x' }, { demo: false })).toThrow(/SOLIQ_API_URL/);
    expect(() => loadReferenceConfig({ TAX_TIMEOUT_MS: 'soon' }, { demo: false })).toThrow(/TAX_TIMEOUT_MS/);
    expect(() =>
      loadReferenceConfig({ SOLIQ_API_URL: baseUrl, SOLIQ_API_USER: 'x' }, { demo: false }),
    ).toThrow(/SOLIQ_API_PASSWORD/);
  });
});

withDatabases('Soliq over the real adapter', (ctx: TestContext) => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  /** The same app with a short timeout, for the service that never answers. */
  let impatient: Awaited<ReturnType<typeof buildApp>>;
  let auth: Record<string, string>;
  const appWith = async (timeoutMs: string) => {
    const reference = loadReferenceConfig(
      { SOLIQ_API_URL: `${baseUrl}/api/Soliq`, TAX_TIMEOUT_MS: timeoutMs, TAX_RETRIES: '1' },
      { demo: true },
    );
    const built = await buildApp(testConfig({ reference }), {
      db: { ...ctx.db, close: async () => {} },
      logger: false,
    });
    await built.ready();
    return built;
  };
  beforeAll(async () => {
    app = await appWith(PATIENT_MS);
    impatient = await appWith(IMPATIENT_MS);
    auth = await directorOf({ ...ctx, app });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await impatient?.close();
  });
  const ask = (url: string, lang: string, on = app) =>
    on.inject({ method: 'GET', url, headers: { ...auth, 'accept-language': lang } });

  it('answers the service’s taxpayer with the names of its bank, region and district', async () => {
    const res = await ask('/api/Soliq/getOrgInfo?tin=303303592', 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      tin: '303303592',
      vatRegCode: '326090004631',
      bankName: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
      regionName: 'город Ташкент',
      districtName: 'Чиланзарский район',
      districtId: '2606',
      isDemo: false,
    });
  });

  it('a slow service: 503 with a localized message', async () => {
    const res = await ask('/api/Soliq/getOrgInfo?tin=300000777', 'ru', impatient);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'TAX_SERVICE_TIMEOUT',
      message: 'Сервис налоговой не ответил вовремя. Повторите позже или заполните реквизиты вручную',
    });
  });

  it('a failing service: 503 after the retry; the party look-up says the same', async () => {
    failuresLeft = 100;
    const res = await ask('/api/Soliq/getOrgInfo?tin=300000500', 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('TAX_SERVICE_UNAVAILABLE');
    expect(seen).toHaveLength(2);
    const party = await ask('/api/DocumentOrganization/getOrgInfoByTin?tin=300000500', 'en');
    expect(party.statusCode).toBe(503);
  });

  it('the party look-up fills the form from the service', async () => {
    const res = await ask('/api/DocumentOrganization/getOrgInfoByTin?tin=303303592', 'ru');
    expect(res.json().data).toMatchObject({
      Name: '"STAND-IN PHARM TRADE" MChJ (test)',
      VatRegCode: '326090004631',
      VatRegStatus: 20,
      TaxpayerType: 20,
      Account: '20208000000458557001',
      BankId: '09001',
      Oked: '46460',
      DistrictId: '2606',
      Source: 'registry',
    });
  });
});
