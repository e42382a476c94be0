import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

/** Checks that the data directory exists or can be made, and is writable. */
export function ensureWritableDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw new ConfigError(
      `DATA_DIR ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process at a time may open the embedded database: two PGlite instances on one directory would
 * corrupt it. A lock left by a killed process (kill -9) is stale and taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'hujjat.pid');
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new ConfigError(`DATA_DIR ${dir} is in use by another Hujjat process (pid ${pid})`);
    }
  } catch (err) {
    if (err instanceof ConfigError) throw err;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {
      /* already gone */
    }
  };
}
