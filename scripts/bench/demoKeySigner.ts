// What the bench scripts sign with: the demo PKI's keys (opened once each), making the attached CMS the
// emulator's create_pkcs7 makes, as base64.
import fs from 'node:fs';
import { createPkcs7, importSigningKey } from '../../src/emulator/cmsSign';
import { findDemoKey, readManifest, resolveInPki } from '../../src/emulator/manifest';
import { openPkcs12 } from '../../src/emulator/pkcs12';

export async function demoKeySigner(dataDir: string) {
  const manifest = readManifest(dataDir);
  if (!manifest) throw new Error('no demo PKI');
  const keys = new Map<string, { privateKey: CryptoKey; certificates: Uint8Array[] }>();
  return async (keyId: string, data: Uint8Array) => {
    let key = keys.get(keyId);
    if (!key) {
      const demo = findDemoKey(manifest, keyId);
      const opened = await openPkcs12(
        new Uint8Array(fs.readFileSync(resolveInPki(manifest, demo.file))),
        demo.alias,
        demo.password,
      );
      key = { privateKey: await importSigningKey(opened.privateKey), certificates: opened.certificates };
      keys.set(keyId, key);
    }
    const signed = await createPkcs7({ data, detached: false, ...key });
    return Buffer.from(signed.pkcs7).toString('base64');
  };
}
