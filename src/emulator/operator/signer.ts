// The counterparty side of the stand-in signs with the demo keys (a company that works on the
// operator's own site, not on Hujjat). Keys are opened once.
import fs from 'node:fs';
import { toBase64 } from '../../engine/cms';
import { createPkcs7, importSigningKey } from '../cmsSign';
import { findDemoKey, readManifest, resolveInPki } from '../manifest';
import { openPkcs12 } from '../pkcs12';

type Opened = { privateKey: CryptoKey; certificates: Awaited<ReturnType<typeof openPkcs12>>['certificates'] };

export class DemoSigner {
  private readonly keys = new Map<string, Promise<Opened>>();
  constructor(private readonly dataDir: string) {}

  private open(identity: string): Promise<Opened> {
    let held = this.keys.get(identity);
    if (!held) {
      held = (async () => {
        const manifest = readManifest(this.dataDir);
        if (!manifest) throw new Error(`no demo PKI in ${this.dataDir}`);
        const key = findDemoKey(manifest, identity.length === 9 ? `org-${identity}` : `ind-${identity}`);
        const opened = await openPkcs12(
          fs.readFileSync(resolveInPki(manifest, key.file)),
          key.alias,
          key.password,
        );
        return { privateKey: await importSigningKey(opened.privateKey), certificates: opened.certificates };
      })();
      this.keys.set(identity, held);
      held.catch(() => this.keys.delete(identity));
    }
    return held;
  }

  /** An attached CMS (Base64) over `bytes` with the demo key of `identity`. */
  async sign(identity: string, bytes: Uint8Array): Promise<string> {
    const key = await this.open(identity);
    const signed = await createPkcs7({ data: bytes, detached: false, ...key });
    return toBase64(signed.pkcs7);
  }
}
