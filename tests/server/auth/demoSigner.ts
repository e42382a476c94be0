// Signs test payloads with the demo PKI's keys exactly as the emulator's create_pkcs7 does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDemoPki } from '../../../scripts/demo-pki/index';
import { createPkcs7, importSigningKey } from '../../../src/emulator/cmsSign';
import { type DemoPkiManifest, findDemoKey, resolveInPki } from '../../../src/emulator/manifest';
import { openPkcs12 } from '../../../src/emulator/pkcs12';
import type { Config } from '../../../src/server/config';

export interface DemoPki {
  dataDir: string;
  manifest: DemoPkiManifest;
  /** Attached PKCS#7 (Base64) over the UTF-8 text, signed with the demo key `keyId`. */
  sign(keyId: string, text: string): Promise<string>;
}

export function demoPkiDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-auth-test-'));
}

/** The signing configuration that trusts the demo root, as demo mode does without the emulator. */
export function localSigningConfig(dataDir: string): Pick<Config, 'signing'> {
  return {
    signing: {
      service: 'local',
      eimzoServerUrl: null,
      trustedCaFiles: [path.join(dataDir, 'demo-pki', 'ca', 'root.pem')],
      tsaUrl: null,
      timeoutMs: 5000,
    },
  };
}

export async function createDemoPki(dataDir: string): Promise<DemoPki> {
  const manifest = await generateDemoPki(dataDir);
  return {
    dataDir,
    manifest,
    async sign(keyId, text) {
      const key = findDemoKey(manifest, keyId);
      const file = new Uint8Array(fs.readFileSync(resolveInPki(manifest, key.file)));
      const opened = await openPkcs12(file, key.alias, key.password);
      const signed = await createPkcs7({
        data: new TextEncoder().encode(text),
        detached: false,
        privateKey: await importSigningKey(opened.privateKey),
        certificates: opened.certificates,
      });
      return Buffer.from(signed.pkcs7).toString('base64');
    },
  };
}
