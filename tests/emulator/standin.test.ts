import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSignature, type RunningEmulator } from '../../src/emulator';
import { fromBase64, parseCms, timestampTokenOf, toBase64 } from '../../src/engine/cms';
import { createDemoPkiFixture, type DemoPkiFixture, startTestEmulator } from './fixtures';

let pki: DemoPkiFixture;
let emu: RunningEmulator;

beforeAll(async () => {
  pki = await createDemoPkiFixture();
  emu = await startTestEmulator(pki.dataDir);
});
afterAll(async () => {
  await emu?.close();
  pki?.dispose();
});

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${emu.serverUrl}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream', 'x-real-ip': '10.0.0.7', ...headers },
  });
  return { status: res.status, json: (await res.json()) as any };
}

const sign = (keyId: string, content: string, detached = false) =>
  createDemoSignature(pki.dataDir, keyId, content, { detached });

describe('E-IMZO-Server stand-in', () => {
  it('issues challenges and authenticates a signed one exactly once', async () => {
    const res = await fetch(`${emu.serverUrl}/frontend/challenge`);
    const challenge = (await res.json()) as any;
    expect(challenge).toMatchObject({ ttl: 120, status: 1, message: '' });
    expect(challenge.challenge).toMatch(/^[0-9a-f-]{36}$/);
    const pkcs7 = await sign('org-302000001', challenge.challenge);
    const auth = await post('/backend/auth', pkcs7);
    expect(auth.status).toBe(200);
    expect(auth.json).toMatchObject({
      status: 1,
      subjectCertificateInfo: {
        subjectName: {
          '1.2.860.3.16.1.1': '302000001',
          '1.2.860.3.16.1.2': '31505850123451',
          UID: '412000001',
        },
      },
    });
    expect(auth.json.subjectCertificateInfo.validTo).toMatch(/^\d{4}-\d\d-\d\d 23:59:59$/);
    expect((await post('/backend/auth', pkcs7)).json).toMatchObject({ status: -20 });
    expect((await post('/backend/auth', await sign('org-302000001', 'not a challenge'))).json).toMatchObject({
      status: -20,
    });
  });

  it('refuses untrusted, expired and malformed signatures with the real statuses', async () => {
    expect(
      (await post('/backend/pkcs7/verify/attached', await sign('untrusted-302000003', 'x'))).json,
    ).toMatchObject({
      status: -11,
    });
    expect(
      (await post('/backend/pkcs7/verify/attached', await sign('expired-302000001', 'x'))).json,
    ).toMatchObject({
      status: -12,
    });
    expect((await post('/backend/pkcs7/verify/attached', 'bm90IGEgcGtjczc=')).status).toBe(400);
    expect((await post('/backend/pkcs7/verify/attached', '%%%')).status).toBe(400);
  });

  it('verifies attached signatures with the E-IMZO JSON shape', async () => {
    const { json } = await post(
      '/backend/pkcs7/verify/attached',
      await sign('ind-31707920456784', 'document'),
    );
    expect(json.status).toBe(1);
    expect(Buffer.from(json.pkcs7Info.documentBase64, 'base64').toString()).toBe('document');
    const [signer] = json.pkcs7Info.signers;
    expect(signer).toMatchObject({
      verified: true,
      certificateVerified: true,
      certificateValidAtSigningTime: true,
    });
    expect(signer.certificate[0].subjectInfo['1.2.860.3.16.1.2']).toBe('31707920456784');
    expect(signer.certificate[0].issuerInfo.CN).toBe('Hujjat Demo Issuing CA (demo)');
    expect(signer.trustedCertificate.subjectInfo.CN).toBe('Hujjat Demo Root CA (demo)');
    expect(signer.timeStampInfo).toBeNull();
  });

  it('verifies detached signatures given data|pkcs7', async () => {
    const data = Buffer.from('detached document').toString('base64');
    const pkcs7 = await sign('org-302000002', 'detached document', true);
    expect((await post('/backend/pkcs7/verify/detached', `${data}|${pkcs7}`)).json).toMatchObject({
      status: 1,
    });
    const other = Buffer.from('another document').toString('base64');
    expect((await post('/backend/pkcs7/verify/detached', `${other}|${pkcs7}`)).json).toMatchObject({
      status: -10,
    });
    const attached = await post('/frontend/pkcs7/make-attached', `${data}|${pkcs7}`);
    expect(attached.json.status).toBe(1);
    const verified = await post('/backend/pkcs7/verify/attached', attached.json.pkcs7b64);
    expect(Buffer.from(verified.json.pkcs7Info.documentBase64, 'base64').toString()).toBe(
      'detached document',
    );
  });

  it('attaches an RFC 3161 token as the unsigned attribute and reports it on verify', async () => {
    const pkcs7 = await sign('org-302000003', 'to stamp');
    const { json } = await post('/frontend/timestamp/pkcs7', pkcs7);
    expect(json.status).toBe(1);
    expect(json.timestampedSignerList).toHaveLength(1);
    const signerInfo = parseCms(fromBase64(json.pkcs7b64)).signedData.signerInfos[0];
    expect(timestampTokenOf(signerInfo)).not.toBeNull();
    const verified = await post('/backend/pkcs7/verify/attached', json.pkcs7b64);
    expect(verified.json.pkcs7Info.signers[0].timeStampInfo).toMatchObject({
      verified: true,
      tsaPolicy: expect.any(String),
    });
    // Stamping again adds nothing.
    expect((await post('/frontend/timestamp/pkcs7', json.pkcs7b64)).json.timestampedSignerList).toEqual([]);
  });

  it('joins two signatures over the same document', async () => {
    const a = await sign('org-302000001', 'contract');
    const b = await sign('org-302000002', 'contract');
    const joined = await post('/frontend/pkcs7/join', `${a}|${b}`);
    expect(joined.json.status).toBe(1);
    const verified = await post('/backend/pkcs7/verify/attached', joined.json.pkcs7b64);
    expect(verified.json.pkcs7Info.signers).toHaveLength(2);
    const c = await sign('org-302000003', 'another contract');
    expect((await post('/frontend/pkcs7/join', `${a}|${c}`)).json.status).not.toBe(1);
  });

  it('answers RFC 3161 requests at /tsa', async () => {
    const { buildTimestampRequest, tokenFromTimestampResponse } = await import('../../src/engine/cms');
    const req = await buildTimestampRequest(new Uint8Array([1, 2, 3]));
    const res = await fetch(emu.tsaUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: Buffer.from(req.der),
    });
    expect(res.headers.get('content-type')).toBe('application/timestamp-reply');
    const token = tokenFromTimestampResponse(new Uint8Array(await res.arrayBuffer()));
    expect(toBase64(new Uint8Array(token.toSchema().toBER(false))).length).toBeGreaterThan(100);
  });

  it('answers /ping and unknown routes', async () => {
    const ping = (await (await fetch(`${emu.serverUrl}/ping`)).json()) as any;
    expect(ping.serverDateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await fetch(`${emu.serverUrl}/backend/nothing`)).status).toBe(404);
  });
});
