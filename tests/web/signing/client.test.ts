import { describe, expect, it } from 'vitest';
import {
  EimzoClient,
  KEY_ID_STORAGE_KEY,
  SERIAL_STORAGE_KEY,
  toBase64,
} from '../../../src/web/signing/client';
import { EimzoError } from '../../../src/web/signing/errors';

type Handler = (request: {
  plugin?: string;
  name: string;
  arguments?: string[];
}) => Record<string, unknown> | null;

/** A stand-in for the plug-in's socket: one request, one reply, then close — or no listener at all. */
function fakeSocket(handler: Handler, log: Array<{ plugin?: string; name: string; arguments?: string[] }>) {
  return class FakeWebSocket {
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: ((e: { code: number }) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly url: string) {
      setTimeout(() => this.onopen?.(), 0);
    }
    send(text: string) {
      const request = JSON.parse(text);
      log.push(request);
      const reply = handler(request);
      setTimeout(
        () => (reply ? this.onmessage?.({ data: JSON.stringify(reply) }) : this.onclose?.({ code: 1006 })),
        0,
      );
    }
    close() {}
  } as unknown as typeof WebSocket;
}

const ALIAS = (serial: string, tin: string) =>
  `cn=director,o=demo,uid=412000001,1.2.860.3.16.1.2=31505850123451,1.2.860.3.16.1.1=${tin},serialnumber=${serial},validfrom=2025.01.01 00:00:00,validto=2099.01.01 23:59:59`;

function plugin(overrides: Partial<Record<string, Handler>> = {}): Handler {
  return (req) => {
    const key = `${req.plugin ?? ''}.${req.name}`;
    if (overrides[key]) return overrides[key]!(req);
    switch (key) {
      case '.version':
        return { success: true, status: 1, major: '6', minor: '4', patch: '7' };
      case '.apikey':
        return { success: true, status: 1 };
      case 'pfx.list_all_certificates':
        return {
          success: true,
          certificates: [
            { disk: 'keys/', path: 'DSKEYS', name: 'DS1', alias: ALIAS('aa01', '302000001') },
            {
              disk: 'keys/',
              path: '',
              name: 'TEST',
              alias:
                'cn=no identity,serialnumber=bb,validfrom=2025.01.01 00:00:00,validto=2099.01.01 00:00:00',
            },
          ],
        };
      case 'ftjc.list_all_keys':
        return { success: false, status: 0, reason: 'Функция не найдена' };
      case 'pfx.verify_password':
        return { success: true, status: 1 };
      case 'pfx.load_key':
        return { success: true, keyId: 'k1', type: 'PFX_KEY_STORE' };
      case 'pkcs7.create_pkcs7':
        return { success: true, pkcs7_64: `signed:${req.arguments?.[0]}:${req.arguments?.[1]}` };
      default:
        return { success: false, status: 0, reason: 'Функция не найдена' };
    }
  };
}

const config = { wsUrl: 'ws://127.0.0.1:1/service/cryptapi', apiKeys: ['localhost', 'KEY'], demo: false };

describe('E-IMZO client', () => {
  it('checks the version, registers the API key, and lists keys that name a TIN or PINFL', async () => {
    const log: any[] = [];
    const client = new EimzoClient(config, fakeSocket(plugin(), log));
    const certs = await client.listCertificates();
    expect(certs.map((c) => c.serialNumber)).toEqual(['AA01']);
    expect(log.slice(0, 2)).toEqual([
      { name: 'version' },
      { name: 'apikey', arguments: ['localhost', 'KEY'] },
    ]);
  });

  it('signs the Base64 of the UTF-8 text with a loaded key and keeps serial and key code', async () => {
    const log: any[] = [];
    const client = new EimzoClient(config, fakeSocket(plugin(), log));
    const [cert] = await client.listCertificates();
    const result = await client.sign(cert, 'вызов');
    expect(result.pkcs7_64).toBe(`signed:${toBase64('вызов')}:k1`);
    expect(localStorage.getItem(SERIAL_STORAGE_KEY)).toBe('AA01');
    expect(localStorage.getItem(KEY_ID_STORAGE_KEY)).toBe('k1');
    expect(log.find((r) => r.name === 'load_key').arguments).toEqual(['keys/', 'DSKEYS', 'DS1', cert.alias]);
  });

  it('signs a document: load key, verify password, create the PKCS#7', async () => {
    const log: any[] = [];
    const client = new EimzoClient(config, fakeSocket(plugin(), log));
    const [cert] = await client.listCertificates();
    expect(await client.signDocument(cert, '{"a":1}')).toBe(`signed:${toBase64('{"a":1}')}:k1`);
    expect(log.slice(-3).map((r) => `${r.plugin}.${r.name}`)).toEqual([
      'pfx.load_key',
      'pfx.verify_password',
      'pkcs7.create_pkcs7',
    ]);
  });

  it('reports a plug-in that is not running', async () => {
    const client = new EimzoClient(
      config,
      fakeSocket(() => null, []),
    );
    await expect(client.listCertificates()).rejects.toMatchObject({ kind: 'notRunning' });
  });

  it('reports an undefined and a too old version', async () => {
    const undef = new EimzoClient(config, fakeSocket(plugin({ '.version': () => ({ success: true }) }), []));
    await expect(undef.install()).rejects.toMatchObject({ kind: 'versionUndefined' });
    const old = new EimzoClient(
      config,
      fakeSocket(plugin({ '.version': () => ({ success: true, major: '3', minor: '20' }) }), []),
    );
    await expect(old.install()).rejects.toMatchObject({ kind: 'versionTooOld', message: '3.20' });
  });

  it('reports an invalid API key and a failed listing', async () => {
    const badKey = new EimzoClient(
      config,
      fakeSocket(
        plugin({
          '.apikey': () => ({
            success: false,
            status: -1020,
            reason: 'API-key для домена x недействителен.',
          }),
        }),
        [],
      ),
    );
    await expect(badKey.install()).rejects.toMatchObject({ kind: 'apiKeyInvalid' });
    const listing = new EimzoClient(
      config,
      fakeSocket(
        plugin({ 'pfx.list_all_certificates': () => ({ success: false, status: -9999, reason: 'boom' }) }),
        [],
      ),
    );
    await expect(listing.listCertificates()).rejects.toMatchObject({ kind: 'apiKeyInvalid' });
  });

  it('turns a cancelled password dialog into a cancelled error', async () => {
    const client = new EimzoClient(
      config,
      fakeSocket(
        plugin({
          'pkcs7.create_pkcs7': () => ({ success: false, status: -5000, reason: 'Ввод пароля отменен' }),
        }),
        [],
      ),
    );
    const [cert] = await client.listCertificates();
    const error = await client.sign(cert, 'x').catch((e) => e);
    expect(error).toBeInstanceOf(EimzoError);
    expect(error.code).toBe(4001);
  });
});
