import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { ConfigError } from '../../config';

// The key that seals the exchange operators' credentials at rest (credentials.ts). Configured with
// OPERATOR_CREDENTIALS_KEY; outside production, when unset, a random key is generated once and kept in
// DATA_DIR beside the access tokens' key (auth/secret.ts), so a restart of `npm start` still reads the
// bindings. Production without the key binds nothing (the routes answer 503) rather than sealing with
// a key nobody configured.

export const OPERATOR_KEY_FILE = 'operator-credentials-key';

export interface CredentialKey {
  /** 32 bytes: AES-256-GCM. */
  readonly key: Uint8Array;
  /** A name of the key that reveals nothing of it (kept beside each sealed row). */
  readonly id: string;
}

const keys = new WeakMap<Config, CredentialKey | null>();

export function keyIdOf(key: Uint8Array): string {
  return createHash('sha256').update('hujjat:operator-credentials:').update(key).digest('hex').slice(0, 16);
}

function fromFile(config: Config): Uint8Array {
  const file = path.join(config.dataDir, OPERATOR_KEY_FILE);
  try {
    const existing = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (existing.length === 32) return new Uint8Array(existing);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ConfigError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const generated = randomBytes(32);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // wx: two instances starting together keep whichever wrote first.
    fs.writeFileSync(file, `${generated.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return new Uint8Array(generated);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fromFile(config);
    throw new ConfigError(`cannot write ${file}: ${(err as Error).message}`);
  }
}

/** The application's key, or null when none may be used (production without OPERATOR_CREDENTIALS_KEY). */
export function credentialKeyOf(config: Config): CredentialKey | null {
  if (keys.has(config)) return keys.get(config) ?? null;
  const raw = config.operatorCredentialsKey ?? (config.production ? null : fromFile(config));
  const key = raw ? { key: raw, id: keyIdOf(raw) } : null;
  keys.set(config, key);
  return key;
}
