import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { ConfigError } from '../config';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The HS256 key of access tokens. Production must configure JWT_SECRET (config.ts refuses to start
 * otherwise); elsewhere a random key is generated once and kept in DATA_DIR so that tokens survive a
 * restart of `npm start`.
 */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.production) throw new ConfigError('JWT_SECRET must be set in production');
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return new TextEncoder().encode(existing);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`cannot read ${file}: ${(err as Error).message}`);
    }
  }
  const generated = randomBytes(48).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  // wx: two instances starting together keep whichever wrote first.
  try {
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(generated);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return resolveJwtSecret(config);
    throw new ConfigError(`cannot write ${file}: ${(err as Error).message}`);
  }
}
