// Signing with a demo key in-process, without the WebSocket round trip: for API tests of the
// routes that verify signatures.
import fs from 'node:fs';
import { toBase64, utf8 } from '../engine/cms';
import { createPkcs7, importSigningKey } from './cmsSign';
import { findDemoKey, readManifest, resolveInPki } from './manifest';
import { openPkcs12 } from './pkcs12';

export interface DemoSignatureOptions {
  detached?: boolean;
  signingTime?: Date;
}

/** Base64 PKCS#7 over `content` (a string is signed as UTF-8) with the demo key `keyId`. */
export async function createDemoSignature(
  dataDir: string,
  keyId: string,
  content: Uint8Array | string,
  options: DemoSignatureOptions = {},
): Promise<string> {
  const manifest = readManifest(dataDir);
  if (!manifest) throw new Error(`no demo PKI in ${dataDir}`);
  const key = findDemoKey(manifest, keyId);
  const opened = await openPkcs12(fs.readFileSync(resolveInPki(manifest, key.file)), key.alias, key.password);
  const signed = await createPkcs7({
    data: typeof content === 'string' ? utf8(content) : content,
    detached: Boolean(options.detached),
    privateKey: await importSigningKey(opened.privateKey),
    certificates: opened.certificates,
    signingTime: options.signingTime,
  });
  return toBase64(signed.pkcs7);
}
