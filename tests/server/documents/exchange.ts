// What the documents API tests share: the demo PKI and an emulator for timestamps, sign-in of demo
// parties by certificate, and one call per step of the life cycle (getModelSign → sign → run).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { generateDemoPki } from '../../../scripts/demo-pki/index';
import { type RunningEmulator, startEmulator } from '../../../src/emulator';
import { createPkcs7, importSigningKey } from '../../../src/emulator/cmsSign';
import { findDemoKey, readManifest, resolveInPki } from '../../../src/emulator/manifest';
import { openPkcs12 } from '../../../src/emulator/pkcs12';
import type { Config } from '../../../src/server/config';
import { demoPkiDataDir } from '../auth/demoSigner';
import type { TestContext } from '../harness';

export const ORG1 = { keyId: 'org-302000001', identity: '302000001' };
export const ORG2 = { keyId: 'org-302000002', identity: '302000002' };
export const ORG3 = { keyId: 'org-302000003', identity: '302000003' };
export const IND1 = { keyId: 'ind-31707920456784', identity: '31707920456784' };
export const IND2 = { keyId: 'ind-42511950567895', identity: '42511950567895' };
export const PARTIES = [ORG1, ORG2, ORG3, IND1, IND2];

export interface ExchangeFixture {
  dataDir: string;
  emulator: RunningEmulator;
  config: Partial<Config>;
  dispose(): Promise<void>;
}

/** One demo PKI and emulator (its TSA stamps what the server verifies) per test file. */
export async function createExchangeFixture(): Promise<ExchangeFixture> {
  const dataDir = demoPkiDataDir();
  await generateDemoPki(dataDir);
  const emulator = await startEmulator({ dataDir, wsPort: 0, httpPort: 0 });
  return {
    dataDir,
    emulator,
    config: {
      signing: {
        service: 'local',
        eimzoServerUrl: null,
        trustedCaFiles: [path.join(dataDir, 'demo-pki', 'ca', 'root.pem')],
        tsaUrl: emulator.tsaUrl,
        timeoutMs: 10_000,
      },
    },
    async dispose() {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedIn {
  keyId: string;
  identity: string;
  token: string;
}

/** Certificate sign-in with a demo key (creates the account on first use, as in production). */
export async function signIn(
  ctx: TestContext,
  fixture: ExchangeFixture,
  party: { keyId: string; identity: string },
): Promise<SignedIn> {
  const host = 'hujjat.test';
  const challenge = await ctx.app.inject({
    method: 'GET',
    url: '/api/Eimzo/getChallenge?purpose=auth',
    headers: { host },
  });
  const pkcs7 = await signRaw(
    fixture,
    party.keyId,
    new TextEncoder().encode(challenge.json().data.challenge),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Eimzo/EimzoAuth',
    headers: { host },
    payload: { pkcs7, pkcs7b64: pkcs7 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...party, token: res.json().data.accessToken };
}

export const auth = (who: SignedIn, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${who.token}`,
  ...extra,
});

export async function addDraft(
  ctx: TestContext,
  who: SignedIn,
  kind: string,
  content: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/Document/add?kind=${kind}`,
    headers: auth(who, headers),
    payload: content as object,
  });
}

export async function getModelSign(
  ctx: TestContext,
  who: SignedIn,
  documentId: string,
  action: string,
  reason?: string,
) {
  const query = new URLSearchParams({ documentId, action, ...(reason ? { reason } : {}) });
  return ctx.app.inject({
    method: 'GET',
    url: `/api/DocumentSignAction/getModelSign?${query}`,
    headers: auth(who),
  });
}

// Opening a PKCS#12 costs its PBKDF2 (≈0.2 s): each demo key is opened once per test file.
const openedKeys = new Map<string, Promise<{ privateKey: CryptoKey; certificates: any[] }>>();

function openKey(fixture: ExchangeFixture, keyId: string) {
  const cacheKey = `${fixture.dataDir}:${keyId}`;
  let opened = openedKeys.get(cacheKey);
  if (!opened) {
    opened = (async () => {
      const manifest = readManifest(fixture.dataDir);
      if (!manifest) throw new Error('no demo PKI');
      const key = findDemoKey(manifest, keyId);
      const file = new Uint8Array(fs.readFileSync(resolveInPki(manifest, key.file)));
      const pkcs12 = await openPkcs12(file, key.alias, key.password);
      return { privateKey: await importSigningKey(pkcs12.privateKey), certificates: pkcs12.certificates };
    })();
    openedKeys.set(cacheKey, opened);
  }
  return opened;
}

/** An attached PKCS#7 over exactly these bytes with the demo key, as the plug-in's create_pkcs7 makes it. */
export async function signRaw(fixture: ExchangeFixture, keyId: string, data: Uint8Array) {
  const { privateKey, certificates } = await openKey(fixture, keyId);
  const signed = await createPkcs7({ data, detached: false, privateKey, certificates });
  return Buffer.from(signed.pkcs7).toString('base64');
}

export async function signBytes(fixture: ExchangeFixture, keyId: string, base64: string) {
  return signRaw(fixture, keyId, new Uint8Array(Buffer.from(base64, 'base64')));
}

export async function run(
  ctx: TestContext,
  who: SignedIn,
  body: { documentId: string; action: string; signature: string; reason?: string; version?: number },
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/DocumentSignAction/run',
    headers: auth(who, headers),
    payload: body,
  });
}

/** getModelSign → sign with the party's own key → run; answers the run's response. */
export async function act(
  ctx: TestContext,
  fixture: ExchangeFixture,
  who: SignedIn,
  documentId: string,
  action: string,
  options: { reason?: string; keyId?: string } = {},
) {
  const model = await getModelSign(ctx, who, documentId, action, options.reason);
  if (model.statusCode !== 200) return model;
  const signature = await signBytes(fixture, options.keyId ?? who.keyId, model.json().data.toSign);
  return run(ctx, who, { documentId, action, signature, reason: options.reason });
}

export async function view(ctx: TestContext, who: SignedIn, documentId: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/Document/getById?documentId=${documentId}`,
    headers: auth(who),
  });
}
