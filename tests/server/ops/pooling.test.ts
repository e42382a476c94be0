// What a pooler in transaction mode (pgbouncer, docs/deploy.md "pgbouncer") requires of the SQL the
// server sends through DATABASE_URL: nothing that outlives a transaction on its server connection. A
// session-level advisory lock would be held by whichever client gets that connection next, a session
// SET would leak to it, and LISTEN would hear nothing once the connection is handed on — LISTEN belongs
// to the one direct connection (db/pgListener.ts, DATABASE_DIRECT_URL). Checked over the server's
// sources and the job queue's (pg-boss); `npm run test:ops` runs the server through a real pgbouncer.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');

function files(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, ext);
    return ext.test(entry.name) ? [full] : [];
  });
}

const sources = [
  ...files(path.join(ROOT, 'src/server'), /\.(ts|sql)$/),
  ...files(path.join(ROOT, 'node_modules/pg-boss/src'), /\.js$/),
];

/** Lines of the sources matching `pattern`, as "file:line: text". */
function offending(pattern: RegExp, allowed: string[] = []): string[] {
  const found: string[] = [];
  for (const file of sources) {
    const relative = path.relative(ROOT, file);
    if (allowed.includes(relative)) continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${relative}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('SQL fit for a pooler in transaction mode', () => {
  it('reads the sources it checks (the server and pg-boss)', () => {
    expect(sources.some((f) => f.endsWith('src/server/db/migrate.ts'))).toBe(true);
    expect(sources.some((f) => f.includes('pg-boss/src/plans.js'))).toBe(true);
    // The pattern below does find a session-level lock where there is one.
    expect(/pg_(try_)?advisory_lock(_shared)?\s*\(/i.test('select pg_advisory_lock(1)')).toBe(true);
  });

  it('takes advisory locks at transaction level only', () => {
    expect(offending(/pg_(try_)?advisory_lock(_shared)?\s*\(/i)).toEqual([]);
    // The migrations' lock is the transaction-level one.
    expect(offending(/pg_advisory_xact_lock/).some((l) => l.startsWith('src/server/db/migrate.ts'))).toBe(
      true,
    );
  });

  it('sets no session state (only SET LOCAL / SET TRANSACTION inside a transaction)', () => {
    expect(offending(/['"`]\s*set\s+(?!local\b|transaction\b|constraints\b)[a-z_.]+\s*(=|to\b)/i)).toEqual(
      [],
    );
  });

  it('sends LISTEN only on the listener connection', () => {
    expect(offending(/['"`]\s*(un)?listen\s/i, ['src/server/db/pgListener.ts'])).toEqual([]);
  });
});
