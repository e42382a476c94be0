// What the bulk-signing dialog does, as a script against a running server (bench:bulk-sign and
// test:resilience): demo key opened once, exact bytes from multiGetModelSign signed in turn, multiRun
// in chunks with an Idempotency-Key, refusals reported, the multi-sign log finished.
import fs from 'node:fs';
import { createPkcs7, importSigningKey } from '../../src/emulator/cmsSign';
import { findDemoKey, readManifest, resolveInPki } from '../../src/emulator/manifest';
import { openPkcs12 } from '../../src/emulator/pkcs12';

export interface Session {
  base: string;
  authorization: string;
}

export async function api<T = any>(
  s: Session,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const res = await fetch(`${s.base}${path}`, {
    method,
    headers: {
      authorization: s.authorization,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok)
    throw Object.assign(new Error(`${path} → ${res.status} ${text.slice(0, 300)}`), { status: res.status });
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signInWithPassword(
  base: string,
  phone = '998901000001',
  password = 'Demo#2026',
): Promise<Session> {
  const res = await fetch(`${base}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { base, authorization: `Bearer ${(await res.json()).data.accessToken}` };
}

/** The demo key of a party, opened once (its PBKDF2 is the "key load"). */
export async function openDemoKey(dataDir: string, keyId: string) {
  const manifest = readManifest(dataDir);
  if (!manifest) throw new Error(`no demo PKI in ${dataDir}`);
  const key = findDemoKey(manifest, keyId);
  const pkcs12 = await openPkcs12(
    new Uint8Array(fs.readFileSync(resolveInPki(manifest, key.file))),
    key.alias,
    key.password,
  );
  const privateKey = await importSigningKey(pkcs12.privateKey);
  return async (bytes: Uint8Array) => {
    const signed = await createPkcs7({
      data: bytes,
      detached: false,
      privateKey,
      certificates: pkcs12.certificates,
    });
    return Buffer.from(signed.pkcs7).toString('base64');
  };
}

export async function createDrafts(
  s: Session,
  count: number,
  prefix: string,
  content: Record<string, any>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const doc = {
      ...content,
      FacturaId: '',
      FacturaDoc: { ...content.FacturaDoc, FacturaNo: `${prefix}-${i + 1}` },
    };
    const answer = await api(s, '/api/Document/add?kind=invoice', doc);
    ids.push(answer.data.id);
  }
  return ids;
}

export const CHUNK = 25;

/**
 * Signs `ids` with `action`, resuming after a lost server: a chunk that failed on the network is
 * asked again once the server answers.
 */
export async function bulkSign(
  s: Session,
  sign: (bytes: Uint8Array) => Promise<string>,
  logId: string,
  ids: string[],
  action: string,
  hooks: { afterChunk?(signed: number): Promise<void> | void; retryWait?: () => Promise<void> } = {},
) {
  let signed = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    for (let attempt = 0; ; attempt++) {
      try {
        const models = (
          await api(s, '/api/DocumentSignAction/multiGetModelSign', {
            logId,
            items: chunk.map((documentId) => ({ documentId, action })),
          })
        ).data;
        const items = [];
        for (const m of models) {
          if (!m.success) continue;
          items.push({
            documentId: m.documentId,
            action,
            signature: await sign(Buffer.from(m.toSign, 'base64')),
            version: m.version,
          });
        }
        if (items.length) {
          // A chunk repeated after a lost server skips what its first try signed: multiGetModelSign
          // answers those as no longer open, and the log already says done.
          const results = (await api(s, '/api/DocumentSignAction/multiRun', { items })).data as {
            documentId: string;
            success: boolean;
            code: string | number;
            message: string;
          }[];
          const refused = results
            .filter((r) => !r.success)
            .map((r) => ({
              documentId: r.documentId,
              outcome: 'refused',
              code: String(r.code),
              message: r.message,
            }));
          if (refused.length) await api(s, '/api/MultiSignLog/report', { logId, items: refused });
          signed += results.filter((r) => r.success).length;
        }
        break;
      } catch (err) {
        if ((err as { status?: number }).status || attempt > 600 || !hooks.retryWait) throw err;
        await hooks.retryWait(); // the server is down: wait for it and ask this chunk again
      }
    }
    await hooks.afterChunk?.(signed);
  }
  return signed;
}
