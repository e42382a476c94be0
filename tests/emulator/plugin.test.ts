import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningEmulator } from '../../src/emulator';
import { certificatesFromPem, fromBase64, utf8, verifyCms } from '../../src/engine/cms';
import {
  callPlugin,
  createDemoPkiFixture,
  DEV_KEY_127,
  type DemoPkiFixture,
  registerApiKey,
  signThroughPlugin,
  startTestEmulator,
} from './fixtures';

let pki: DemoPkiFixture;
let emu: RunningEmulator;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

beforeAll(async () => {
  pki = await createDemoPkiFixture();
  emu = await startTestEmulator(pki.dataDir);
});
afterAll(async () => {
  await emu?.close();
  pki?.dispose();
});
beforeEach(() => emu.control.reset());

async function loadKey(name: string, sub: '' | 'DSKEYS' = 'DSKEYS') {
  await registerApiKey(emu.wsUrl);
  const list = await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_all_certificates' });
  const entry = list.certificates.find((c: any) => c.name === name && c.path === sub);
  const loaded = await callPlugin(emu.wsUrl, {
    plugin: 'pfx',
    name: 'load_key',
    arguments: [entry.disk, entry.path, entry.name, entry.alias],
  });
  expect(loaded).toMatchObject({ success: true, status: 1, type: 'PFX_KEY_STORE' });
  expect(loaded.keyId).toMatch(/^[0-9a-f]{32}$/);
  return loaded.keyId as string;
}

describe('plug-in transport', () => {
  it('answers one request and closes with 1000 "Done"', async () => {
    const closed = await new Promise<{ code: number; reason: string; replies: number }>((resolve, reject) => {
      const ws = new WebSocket(emu.wsUrl, { headers: { origin: 'http://localhost' } });
      let replies = 0;
      ws.on('open', () => ws.send(JSON.stringify({ name: 'version' })));
      ws.on('message', () => replies++);
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString(), replies }));
      ws.on('error', reject);
    });
    expect(closed).toEqual({ code: 1000, reason: 'Done', replies: 1 });
  });

  it('keeps the connection with ?keepConnection', async () => {
    const replies = await new Promise<any[]>((resolve, reject) => {
      const ws = new WebSocket(`${emu.wsUrl}?keepConnection`, { headers: { origin: 'http://localhost' } });
      const got: any[] = [];
      ws.on('open', () => {
        ws.send(JSON.stringify({ name: 'version' }));
        ws.send(JSON.stringify({ name: 'version' }));
      });
      ws.on('message', (data) => {
        got.push(JSON.parse(data.toString()));
        if (got.length === 2) {
          ws.close();
          resolve(got);
        }
      });
      ws.on('error', reject);
    });
    expect(replies.map((r) => r.success)).toEqual([true, true]);
  });

  it('answers malformed frames and unknown functions with status 0', async () => {
    const reply = await new Promise<any>((resolve, reject) => {
      const ws = new WebSocket(emu.wsUrl, { headers: { origin: 'http://localhost' } });
      ws.on('open', () => ws.send('{not json'));
      ws.on('message', (data) => resolve(JSON.parse(data.toString())));
      ws.on('error', reject);
    });
    expect(reply).toMatchObject({ success: false, status: 0 });
    expect(await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'no_such_function' })).toMatchObject({
      status: 0,
    });
    expect(
      await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_disks', arguments: ['extra'] }),
    ).toMatchObject({
      status: 0,
    });
  });
});

describe('apidoc', () => {
  it('answers a bare array describing every implemented function, and serves /apidoc.html', async () => {
    const doc = await callPlugin(emu.wsUrl, { name: 'apidoc' });
    expect(Array.isArray(doc)).toBe(true);
    const pfx = doc.find((p: any) => p.name === 'pfx');
    expect(pfx.functions.map((f: any) => f.name)).toContain('list_all_certificates');
    const load = pfx.functions.find((f: any) => f.name === 'load_key');
    expect(load.arguments.map((a: any) => a.name)).toEqual(['disk', 'path', 'name', 'alias']);
    const html = await fetch(
      emu.wsUrl.replace('ws://', 'http://').replace('/service/cryptapi', '/apidoc.html'),
    );
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toContain('create_pkcs7');
  });
});

describe('version and apikey', () => {
  it('reports the configured version as strings', async () => {
    expect(await callPlugin(emu.wsUrl, { name: 'version' })).toMatchObject({
      success: true,
      status: 1,
      major: '6',
      minor: '4',
      patch: '7',
    });
    emu.control.setVersion('3.30');
    expect(await callPlugin(emu.wsUrl, { name: 'version' })).toMatchObject({ major: '3', minor: '30' });
    emu.control.setVersion(null);
    const broken = await callPlugin(emu.wsUrl, { name: 'version' });
    expect(broken.major).toBeUndefined();
    emu.control.setVersion('6.4.7');
  });

  it('gates plug-in calls on a registered API key for the page origin', async () => {
    const origin = 'http://localhost:3000';
    expect(await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_disks' }, origin)).toMatchObject({
      success: false,
      status: -1022,
    });
    const bad = await callPlugin(
      emu.wsUrl,
      { name: 'apikey', arguments: ['localhost', 'AB'.repeat(64)] },
      origin,
    );
    expect(bad).toEqual({
      success: false,
      status: -1020,
      reason: 'API-key для домена localhost недействителен.',
    });
    expect(await callPlugin(emu.wsUrl, { name: 'apikey', arguments: ['localhost'] }, origin)).toMatchObject({
      status: 0,
    });
    const good = await callPlugin(
      emu.wsUrl,
      {
        name: 'apikey',
        arguments: [
          'localhost',
          '96D0C1491615C82B9A54D9989779DF825B690748224C2B04F500F370D51827CE2644D8D4A82C18184D73AB8530BB8ED537269603F61DB0D03D2104ABF789970B',
          '127.0.0.1',
          DEV_KEY_127,
        ],
      },
      origin,
    );
    expect(good).toEqual({ success: true, status: 1, message: origin });
    // Registered domains are remembered for the process: the next connection may call plug-ins.
    expect(await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_disks' }, origin)).toMatchObject({
      success: true,
    });
    expect(
      await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_disks' }, 'https://example.uz'),
    ).toMatchObject({
      status: -1022,
    });
  });
});

describe('key listing and loading', () => {
  it('lists disks and every PFX key on them, including expired and anonymous ones', async () => {
    await registerApiKey(emu.wsUrl);
    const disks = await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_disks' });
    expect(disks.disks).toHaveLength(1);
    expect(disks.disks[0].endsWith('/')).toBe(true);
    const all = await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_all_certificates' });
    const onDisk = pki.manifest.keys.filter((k) => k.disk);
    expect(all.certificates).toHaveLength(onDisk.length);
    for (const key of onDisk) {
      expect(all.certificates).toContainEqual({
        disk: disks.disks[0],
        path: key.path,
        name: key.name,
        alias: key.alias,
      });
    }
    const perDisk = await callPlugin(emu.wsUrl, {
      plugin: 'pfx',
      name: 'list_certificates',
      arguments: [disks.disks[0]],
    });
    expect(perDisk.certificates).toEqual(all.certificates);
    expect(
      await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_certificates', arguments: ['Z:\\'] }),
    ).toMatchObject({ success: false, status: -2011 });
  });

  it('refuses load_key for a bad path, a missing file or an unknown alias', async () => {
    await registerApiKey(emu.wsUrl);
    const [disk] = (await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_disks' })).disks;
    const key = pki.manifest.keys[0];
    const load = (args: string[]) =>
      callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'load_key', arguments: args });
    expect(await load([disk, 'OTHER', key.name, key.alias])).toMatchObject({ status: -1002 });
    expect(await load([disk, 'DSKEYS', 'DS000000000', key.alias])).toMatchObject({ status: -2002 });
    expect(await load([disk, 'DSKEYS', key.name, 'cn=somebody else'])).toMatchObject({ status: -2006 });
    expect(await load(['Q:\\', 'DSKEYS', key.name, key.alias])).toMatchObject({ status: -2011 });
  });

  it('lists the emulated token with the same serial as its file copy', async () => {
    await registerApiKey(emu.wsUrl);
    const tokenKey = pki.manifest.keys.find((k) => k.kind === 'token')!;
    const tokens = await callPlugin(emu.wsUrl, { plugin: 'ftjc', name: 'list_all_keys', arguments: [''] });
    expect(tokens.tokens).toEqual([
      {
        cardUID: tokenKey.token!.cardUID,
        statusInfo: tokenKey.token!.statusInfo,
        ownerName: tokenKey.token!.ownerName,
        info: tokenKey.alias,
      },
    ]);
    const files = await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'list_all_certificates' });
    expect(
      files.certificates.filter((c: any) => c.alias.includes(`serialnumber=${tokenKey.serialNumber},`)),
    ).toHaveLength(1);
    const loaded = await callPlugin(emu.wsUrl, {
      plugin: 'ftjc',
      name: 'load_key',
      arguments: [tokenKey.token!.cardUID],
    });
    expect(loaded.success).toBe(true);
    const signed = await callPlugin(emu.wsUrl, {
      plugin: 'pkcs7',
      name: 'create_pkcs7',
      arguments: [b64('token'), loaded.keyId, 'no'],
    });
    expect(signed.signer_serial_number).toBe(tokenKey.serialNumber);
    expect(await callPlugin(emu.wsUrl, { plugin: 'ckc', name: 'list_ckc' })).toMatchObject({
      devices: [{ type: 'EIMZO' }],
    });
    expect(await callPlugin(emu.wsUrl, { plugin: 'idcard', name: 'list_readers' })).toMatchObject({
      readers: [],
    });
  });
});

describe('create_pkcs7', () => {
  const trusted = () => certificatesFromPem(fs.readFileSync(pki.rootCaFile, 'utf8'));

  it('creates an attached CMS over the given bytes, verifiable against the demo root', async () => {
    const text = 'Hujjat: {"challenge":"c1"} — ўзбек';
    const signed = await signThroughPlugin(emu.wsUrl, 'DS302000001', text);
    expect(signed).toMatchObject({ success: true, status: 1 });
    const key = pki.manifest.keys.find((k) => k.id === 'org-302000001')!;
    expect(signed.signer_serial_number).toBe(key.serialNumber);
    expect(signed.signature_hex).toMatch(/^[0-9a-f]+$/);
    const result = await verifyCms(fromBase64(signed.pkcs7_64), { trusted: trusted() });
    expect(result.attached).toBe(true);
    expect(new TextDecoder().decode(result.content)).toBe(text);
    expect(result.signers).toHaveLength(1);
    expect(result.signers[0].signatureHex).toBe(signed.signature_hex);
    expect(result.signers[0].chain).toHaveLength(3);
    expect(result.signers[0].signingTime).toBeInstanceOf(Date);
  });

  it("creates a detached CMS with 'yes'", async () => {
    const signed = await signThroughPlugin(emu.wsUrl, 'DS302000002', 'detached content', true);
    await expect(verifyCms(fromBase64(signed.pkcs7_64), { trusted: trusted() })).rejects.toMatchObject({
      code: 'MALFORMED',
    });
    const result = await verifyCms(fromBase64(signed.pkcs7_64), {
      trusted: trusted(),
      detachedContent: utf8('detached content'),
    });
    expect(result.attached).toBe(false);
    await expect(
      verifyCms(fromBase64(signed.pkcs7_64), { trusted: trusted(), detachedContent: utf8('other content') }),
    ).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  it('asks for the password once and then uses the cached key', async () => {
    const keyId = await loadKey('DS302000003');
    const before = emu.control.prompts;
    for (const text of ['one', 'two']) {
      const r = await callPlugin(emu.wsUrl, {
        plugin: 'pkcs7',
        name: 'create_pkcs7',
        arguments: [b64(text), keyId, 'no'],
      });
      expect(r.success).toBe(true);
    }
    expect(emu.control.prompts - before).toBe(1);
  });

  it('answers a cancelled password dialog with -5000, then works again', async () => {
    const keyId = await loadKey('DS31707920456784');
    emu.control.password({ mode: 'cancel', once: true });
    const cancelled = await callPlugin(emu.wsUrl, {
      plugin: 'pkcs7',
      name: 'create_pkcs7',
      arguments: [b64('x'), keyId, 'no'],
    });
    expect(cancelled).toEqual({ success: false, status: -5000, reason: 'Ввод пароля отменен' });
    const retried = await callPlugin(emu.wsUrl, {
      plugin: 'pkcs7',
      name: 'create_pkcs7',
      arguments: [b64('x'), keyId],
    });
    expect(retried.success).toBe(true);
  });

  it('answers a wrong password with the wrong-password reason, scripted over HTTP', async () => {
    const keyId = await loadKey('DS42511950567895');
    const res = await fetch(`${emu.serverUrl}/control/password`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'wrong', once: true }),
    });
    expect(res.status).toBe(200);
    const wrong = await callPlugin(emu.wsUrl, {
      plugin: 'pkcs7',
      name: 'create_pkcs7',
      arguments: [b64('x'), keyId, 'no'],
    });
    expect(wrong.success).toBe(false);
    expect(wrong.reason).toMatch(/Пароль ключа неверный.*BadPaddingException/);
    expect(
      (await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'verify_password', arguments: [keyId] })).success,
    ).toBe(true);
    const bad = await fetch(`${emu.serverUrl}/control/password`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'maybe' }),
    });
    expect(bad.status).toBe(400);
  });

  it('keeps a standing mode until reset', async () => {
    const keyId = await loadKey('DS52909960789012');
    emu.control.password({ mode: 'cancel' });
    for (let i = 0; i < 2; i++) {
      expect(
        await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'verify_password', arguments: [keyId] }),
      ).toMatchObject({
        status: -5000,
      });
    }
    emu.control.reset();
    expect(
      (await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'verify_password', arguments: [keyId] })).success,
    ).toBe(true);
  });

  it('refuses unknown and unloaded key ids', async () => {
    const keyId = await loadKey('DS302000001');
    expect(
      await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'unload_key', arguments: [keyId] }),
    ).toMatchObject({
      success: true,
    });
    expect(
      await callPlugin(emu.wsUrl, { plugin: 'pfx', name: 'unload_key', arguments: [keyId] }),
    ).toMatchObject({
      status: -1014,
    });
    expect(
      await callPlugin(emu.wsUrl, {
        plugin: 'pkcs7',
        name: 'create_pkcs7',
        arguments: [b64('x'), keyId, 'no'],
      }),
    ).toMatchObject({ success: false, status: -1010 });
  });

  it('returns the certificate chain of a loaded key', async () => {
    const keyId = await loadKey('DS302000002');
    const chain = await callPlugin(emu.wsUrl, {
      plugin: 'x509',
      name: 'get_certificate_chain',
      arguments: [keyId],
    });
    expect(chain.certificates).toHaveLength(3);
  });
});
