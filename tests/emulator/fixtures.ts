// Shared by emulator and signing tests (and usable by API tests): one demo PKI per test file in a
// temporary directory, the emulator on free ports, and a small plug-in client over `ws`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ensureDemoPki } from '../../scripts/demo-pki';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../src/emulator';
import type { DemoPkiManifest } from '../../src/emulator/manifest';

export interface DemoPkiFixture {
  dataDir: string;
  manifest: DemoPkiManifest;
  rootCaFile: string;
  dispose(): void;
}

export async function createDemoPkiFixture(): Promise<DemoPkiFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-pki-'));
  const manifest = await ensureDemoPki(dataDir);
  return {
    dataDir,
    manifest,
    rootCaFile: path.join(manifest.dir, manifest.rootCaFile),
    dispose: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export function startTestEmulator(
  dataDir: string,
  options: Partial<EmulatorOptions> = {},
): Promise<RunningEmulator> {
  return startEmulator({ dataDir, wsPort: 0, httpPort: 0, ...options });
}

export interface PluginCall {
  plugin?: string;
  name: string;
  arguments?: string[];
}

/** One request on a fresh connection, as the official client does; resolves with the reply. */
export function callPlugin(wsUrl: string, call: PluginCall, origin = 'http://127.0.0.1:8080'): Promise<any> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { origin } });
    ws.once('open', () => ws.send(JSON.stringify(call)));
    ws.once('message', (data) => resolve(JSON.parse(data.toString())));
    ws.once('error', reject);
  });
}

export const DEV_KEY_127 =
  'A7BCFA5D490B351BE0754130DF03A068F855DB4333D43921125B9CF2670EF6A40370C646B90401955E1F7BC9CDBF59CE0B2C5467D820BE189C845D0B79CFC96F';

/** version → apikey, as a page does on load. */
export async function registerApiKey(wsUrl: string) {
  const reply = await callPlugin(wsUrl, { name: 'apikey', arguments: ['127.0.0.1', DEV_KEY_127] });
  if (!reply.success) throw new Error(`apikey refused: ${reply.reason}`);
}

/** list_all_certificates → load_key → create_pkcs7 through the plug-in API. */
export async function signThroughPlugin(
  wsUrl: string,
  keyName: string,
  content: string,
  detached = false,
): Promise<{ pkcs7_64: string; signer_serial_number: string; signature_hex: string }> {
  const list = await callPlugin(wsUrl, { plugin: 'pfx', name: 'list_all_certificates' });
  const entry = list.certificates.find((c: any) => c.name === keyName && c.path === 'DSKEYS');
  if (!entry) throw new Error(`no key ${keyName}`);
  const loaded = await callPlugin(wsUrl, {
    plugin: 'pfx',
    name: 'load_key',
    arguments: [entry.disk, entry.path, entry.name, entry.alias],
  });
  const signed = await callPlugin(wsUrl, {
    plugin: 'pkcs7',
    name: 'create_pkcs7',
    arguments: [Buffer.from(content, 'utf8').toString('base64'), loaded.keyId, detached ? 'yes' : 'no'],
  });
  if (!signed.success) throw new Error(`create_pkcs7 failed: ${signed.reason}`);
  return signed;
}
