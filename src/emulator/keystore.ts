// The emulated key stores: PFX files on "disks" (directories) found by scanning, as the plug-in
// does, plus one emulated token; loaded-key sessions and the unlocked-key cache.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type DemoKey, type DemoPkiManifest, resolveInPki } from './manifest';
import { type OpenedPkcs12, openPkcs12, readPkcs12Aliases, WrongPasswordError } from './pkcs12';

export interface PfxEntry {
  disk: string;
  path: '' | 'DSKEYS';
  name: string;
  alias: string;
}

export type LoadedKey =
  | { kind: 'pfx'; file: string; alias: string; type: 'PFX_KEY_STORE' }
  | { kind: 'token'; key: DemoKey; type: 'FTJC_KEY_STORE' };

/** A password-protected key is usable for this long after the password was entered (as the plug-in). */
const UNLOCK_TTL_MS = 60_000;

export class KeyStore {
  private readonly sessions = new Map<string, LoadedKey>();
  private readonly unlocked = new Map<string, { opened: OpenedPkcs12; until: number }>();

  constructor(private readonly manifest: DemoPkiManifest) {}

  /** Disk roots as the plug-in names them: absolute, with a trailing separator. */
  disks(): string[] {
    return this.manifest.disks.map((d) => `${resolveInPki(this.manifest, d)}${path.sep}`);
  }

  list(disk?: string): PfxEntry[] {
    const entries: PfxEntry[] = [];
    for (const root of this.disks()) {
      if (disk !== undefined && root !== disk) continue;
      for (const sub of ['', 'DSKEYS'] as const) {
        const dir = path.join(root, sub);
        if (!fs.existsSync(dir)) continue;
        for (const file of fs.readdirSync(dir).sort()) {
          if (!file.toLowerCase().endsWith('.pfx')) continue;
          let aliases: string[];
          try {
            aliases = readPkcs12Aliases(fs.readFileSync(path.join(dir, file)));
          } catch {
            continue; // not a PKCS#12 file: the plug-in skips it too
          }
          for (const alias of aliases)
            entries.push({ disk: root, path: sub, name: file.slice(0, -4), alias });
        }
      }
    }
    return entries;
  }

  hasDisk(disk: string): boolean {
    return this.disks().includes(disk);
  }

  pfxFile(disk: string, sub: string, name: string): string {
    return path.join(disk, sub, `${name}.pfx`);
  }

  tokenKeys(): DemoKey[] {
    return this.manifest.keys.filter((k) => k.token);
  }

  open(loaded: LoadedKey): string {
    const keyId = randomBytes(16).toString('hex');
    this.sessions.set(keyId, loaded);
    return keyId;
  }

  get(keyId: string): LoadedKey | undefined {
    return this.sessions.get(keyId);
  }

  close(keyId: string): boolean {
    this.unlocked.delete(keyId);
    return this.sessions.delete(keyId);
  }

  /** The password the scripted dialog types for a key: the manifest's (demo only). */
  passwordFor(loaded: LoadedKey): string | null {
    if (loaded.kind === 'token') return loaded.key.password;
    const file = path.resolve(loaded.file);
    const key = this.manifest.keys.find(
      (k) => resolveInPki(this.manifest, k.file) === file && k.alias === loaded.alias,
    );
    return key?.password ?? null;
  }

  cached(keyId: string): OpenedPkcs12 | null {
    const hit = this.unlocked.get(keyId);
    if (!hit || hit.until < Date.now()) return null;
    return hit.opened;
  }

  /** Opens the key with a password; throws WrongPasswordError. Caches unless `cache` is false. */
  async unlock(keyId: string, loaded: LoadedKey, password: string, cache = true): Promise<OpenedPkcs12> {
    const file = loaded.kind === 'pfx' ? loaded.file : resolveInPki(this.manifest, loaded.key.file);
    const alias = loaded.kind === 'pfx' ? loaded.alias : loaded.key.alias;
    const opened = await openPkcs12(fs.readFileSync(file), alias, password);
    if (cache) this.unlocked.set(keyId, { opened, until: Date.now() + UNLOCK_TTL_MS });
    return opened;
  }
}

export { WrongPasswordError };
