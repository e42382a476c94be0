// Pkcs/Parse (a CMS described: signers, certificates, times, content) and Factura/timestamp (a
// token over a signature value from the configured TSA), with the demo PKI and its demo TSA.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInPki } from '../../../src/emulator/manifest';
import { DemoTsa } from '../../../src/emulator/tsa';
import {
  attachTimestampToken,
  encodeCms,
  fromBase64,
  parseCms,
  signatureValue,
  toArrayBuffer,
  toBase64,
  toHex,
} from '../../../src/engine/cms';
import { createDemoPki, type DemoPki, demoPkiDataDir } from '../auth/demoSigner';
import { type TestContext, withDatabases } from '../harness';
import { directorOf, type Headers } from './session';

/** Filled in once the stand-in TSA listens (before the harness builds the app from it). */
const signing = {
  service: 'local' as const,
  eimzoServerUrl: null,
  trustedCaFiles: [] as string[],
  tsaUrl: '',
  timeoutMs: 5000,
};
let pki: DemoPki;
let tsa: DemoTsa;
let tsaServer: http.Server;
let tsaUrl: string;

beforeAll(async () => {
  pki = await createDemoPki(demoPkiDataDir());
  tsa = await DemoTsa.load(
    resolveInPki(pki.manifest, pki.manifest.tsa.certificateFile),
    resolveInPki(pki.manifest, pki.manifest.tsa.keyFile),
    'test-tsa',
  );
  tsaServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const answer = await tsa.respond(new Uint8Array(Buffer.concat(chunks)));
      res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
      res.end(Buffer.from(answer));
    });
  });
  await new Promise<void>((resolve) => tsaServer.listen(0, '127.0.0.1', resolve));
  tsaUrl = `http://127.0.0.1:${(tsaServer.address() as AddressInfo).port}/tsa`;
  signing.tsaUrl = tsaUrl;
}, 120_000);

afterAll(async () => {
  tsaServer?.closeAllConnections();
  await new Promise((resolve) => tsaServer?.close(resolve));
  if (pki) fs.rmSync(pki.dataDir, { recursive: true, force: true });
});

withDatabases(
  'Pkcs/Parse and Factura/timestamp',
  (ctx: TestContext) => {
    let auth: Headers;
    beforeAll(async () => {
      auth = await directorOf(ctx);
    });
    const parse = (payload: object, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Pkcs/Parse',
        headers: { ...auth, 'accept-language': lang },
        payload,
      });

    describe('Pkcs/Parse', () => {
      it('describes the signer, its certificate (TIN), the signing time and the content', async () => {
        const key = pki.manifest.keys.find((k) => k.kind === 'organization')!;
        const text = '{"FacturaId":"6949f02f526393dfb2d94a60"}';
        const res = await parse({ pkcs7: await pki.sign(key.id, text) });
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        expect(data.detached).toBe(false);
        expect(data.content).toMatchObject({ size: text.length, text, json: true });
        expect(data.signers).toHaveLength(1);
        expect(data.signers[0].certificate.tin).toBe(key.tin);
        expect(data.signers[0].digestAlgorithm).toBe('SHA-256');
        expect(data.signers[0].signingTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(data.signers[0].timestamp).toBeNull();
        expect(data.certificates.length).toBeGreaterThanOrEqual(1);
      });

      it('shows the timestamp of a timestamped signer', async () => {
        const key = pki.manifest.keys.find((k) => k.kind === 'organization')!;
        const parsed = parseCms(fromBase64(await pki.sign(key.id, 'stamped')));
        const signer = parsed.signedData.signerInfos[0];
        attachTimestampToken(signer, await tsa.stampSignature(signatureValue(signer)));
        const data = (await parse({ pkcs7b64: toBase64(encodeCms(parsed.signedData)) })).json().data;
        expect(data.signers[0].timestamp.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(data.signers[0].timestamp.tsa).toContain('Hujjat Demo TSA');
      });

      it('400 with a localized message for what is not a CMS, and without one', async () => {
        const bad = await parse({ pkcs7: Buffer.from('not a signature').toString('base64') }, 'ru');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe('PKCS7_MALFORMED');
        expect(bad.json().message).toMatch(/^Это не подпись PKCS#7/);
        const none = await parse({}, 'uz');
        expect(none.statusCode).toBe(400);
        expect(none.json()).toMatchObject({ code: 'PKCS7_REQUIRED' });
        expect((await parse({ other: 'x' })).statusCode).toBe(400);
      });
    });

    describe('Factura/timestamp', () => {
      it('a token over the signature value whose imprint is the SHA-256 of that value', async () => {
        const value = new Uint8Array(64).map((_, i) => i);
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/Factura/timestamp?signatureHex=${toHex(value)}`,
          headers: auth,
        });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json();
        expect(answer).toMatchObject({ success: true, reason: null });
        const token = pkijs.ContentInfo.fromBER(toArrayBuffer(fromBase64(answer.data)));
        const signed = new pkijs.SignedData({ schema: token.content });
        const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', value));
        expect(toHex(new Uint8Array(info.messageImprint.hashedMessage.getValue()))).toBe(toHex(digest));
      });
    });
  },
  { config: { signing } },
);
