import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { loadSigningConfig, OFFICIAL_DEV_API_KEYS, parseApiKeys } from '../../src/server/signing';
import { withDatabases } from './harness';

const KEY = 'AB'.repeat(64);

describe('signing configuration', () => {
  it('points demo mode at the emulator and the demo CA', () => {
    const { signing, eimzo } = loadSigningConfig({}, { dataDir: '/data', demo: true, production: false });
    expect(signing).toMatchObject({
      service: 'eimzo-server',
      eimzoServerUrl: 'http://127.0.0.1:64647',
      trustedCaFiles: [path.join('/data', 'demo-pki', 'ca', 'root.pem')],
      tsaUrl: 'http://127.0.0.1:64647/tsa',
    });
    expect(eimzo).toMatchObject({ wsUrl: 'ws://127.0.0.1:64646/service/cryptapi', minVersion: '3.36' });
    expect(eimzo.apiKeys).toMatchObject(OFFICIAL_DEV_API_KEYS);
  });

  it('moves the emulator ports together with the URLs the browser gets', () => {
    const { signing, eimzo } = loadSigningConfig(
      { EIMZO_WS_PORT: '19646', EIMZO_EMULATOR_SERVER_PORT: '19647' },
      { dataDir: '/data', demo: true, production: false },
    );
    expect(signing.eimzoServerUrl).toBe('http://127.0.0.1:19647');
    expect(eimzo.wsUrl).toBe('ws://127.0.0.1:19646/service/cryptapi');
    expect(eimzo).toMatchObject({ emulatorWsPort: 19646, emulatorServerPort: 19647 });
  });

  it('never applies demo defaults to production', () => {
    const { signing } = loadSigningConfig({}, { dataDir: '/data', demo: true, production: true });
    expect(signing).toMatchObject({ service: null, eimzoServerUrl: null, trustedCaFiles: [], tsaUrl: null });
  });

  it('chooses the local verifier when only a CA file is configured', () => {
    const { signing } = loadSigningConfig(
      { TRUSTED_CA_FILE: '/etc/ca/a.pem:/etc/ca/b.pem', TSA_URL: 'https://tsa.example/tsa' },
      { dataDir: '/data', demo: false, production: true },
    );
    expect(signing).toMatchObject({
      service: 'local',
      trustedCaFiles: ['/etc/ca/a.pem', '/etc/ca/b.pem'],
      tsaUrl: 'https://tsa.example/tsa',
    });
  });

  it('rejects inconsistent or malformed settings as configuration errors', () => {
    const env = (e: NodeJS.ProcessEnv) => () => loadConfig({ NODE_ENV: 'development', ...e }, 'test', '/tmp');
    expect(env({ SIGNATURE_SERVICE: 'magic' })).toThrow(ConfigError);
    expect(env({ EIMZO_SERVER_URL: 'not a url' })).toThrow(/EIMZO_SERVER_URL/);
    expect(env({ EIMZO_WS_PORT: '70000' })).toThrow(/EIMZO_WS_PORT/);
    expect(env({ EIMZO_API_KEYS: 'example.uz=123' })).toThrow(/EIMZO_API_KEYS/);
    expect(() =>
      loadSigningConfig({ SIGNATURE_SERVICE: 'local' }, { dataDir: '/d', demo: false, production: false }),
    ).toThrow(/TRUSTED_CA_FILE/);
  });

  it('parses per-domain API keys', () => {
    expect(parseApiKeys(`Hujjat.Example=${KEY.toLowerCase()}, other.uz=${KEY}`)).toEqual({
      'hujjat.example': KEY,
      'other.uz': KEY,
    });
  });
});

withDatabases(
  'GET /api/Config/client',
  (ctx) => {
    it('gives the plug-in location and the API key of the request host', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Config/client',
        headers: { host: '127.0.0.1:8080' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        eimzo: {
          wsUrl: 'ws://127.0.0.1:64646/service/cryptapi',
          wssUrl: 'wss://127.0.0.1:64443/service/cryptapi',
          domain: '127.0.0.1',
          apiKey: OFFICIAL_DEV_API_KEYS['127.0.0.1'],
          minVersion: '3.36',
        },
        demo: true,
        emulator: { controlUrl: 'http://127.0.0.1:19999/control' },
        // No SIGN_SUBDOMAIN: the signing calls go to the page's own host (tests/server/signHost.test.ts).
        signOrigin: null,
      });
      const custom = await ctx.app.inject({
        method: 'GET',
        url: '/api/Config/client',
        headers: { host: 'hujjat.example' },
      });
      expect(custom.json().eimzo).toMatchObject({ domain: 'hujjat.example', apiKey: KEY });
    });

    it('answers null for a host without a key', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Config/client',
        headers: { host: 'unknown.example' },
      });
      expect(res.json().eimzo.apiKey).toBeNull();
    });
  },
  {
    seed: false,
    config: withControlUrl(
      loadSigningConfig(
        { EIMZO_API_KEYS: `hujjat.example=${KEY}` },
        { dataDir: '/tmp/x', demo: true, production: false },
      ),
    ),
  },
);

function withControlUrl(loaded: ReturnType<typeof loadSigningConfig>) {
  return { ...loaded, eimzo: { ...loaded.eimzo, emulatorControlUrl: 'http://127.0.0.1:19999/control' } };
}
