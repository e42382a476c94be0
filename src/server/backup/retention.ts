import fs from 'node:fs';
import path from 'node:path';

/** What `npm run backup` names its files: hujjat-<kind>-<UTC time>.<ext>, so names sort by time. */
export function backupName(kind: 'pglite' | 'postgresql', now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `hujjat-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`;
}

const OURS = /^hujjat-(pglite|postgresql)-\d{8}T\d{6}Z\.(tar\.gz|dump)$/;

/**
 * Keeps the newest `keep` backups of `npm run backup` of that kind in `dir` and deletes the older ones (files it
 * did not name are never touched). Returns the deleted names.
 */
export function pruneBackups(dir: string, keep: number, kind: 'pglite' | 'postgresql'): string[] {
  const ours = fs
    .readdirSync(dir)
    .filter((name) => OURS.test(name) && name.startsWith(`hujjat-${kind}-`))
    .sort()
    .reverse();
  const old = ours.slice(Math.max(keep, 1));
  for (const name of old) fs.rmSync(path.join(dir, name));
  return old;
}
