import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * PostgreSQL's own tools: pg_dump in the custom format reads the whole database (the `pgboss` job
 * schema too) in one snapshot while the servers keep working; pg_restore puts it back in one
 * transaction. PG_BIN_DIR names their directory when they are not on PATH (their major version must be
 * at least the server's).
 */
function tool(name: string) {
  return process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name;
}

function run(name: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool(name), args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('error', (err) =>
      reject(new Error(`${name}: ${err.message} (install postgresql-client or set PG_BIN_DIR)`)),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      // The URL's password never reaches the message: the tools print the connection without it.
      else reject(new Error(`${name} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** pg_dump --format=custom of the whole database into `out` (online, one consistent snapshot). */
export function dumpPostgres(url: string, out: string): Promise<void> {
  return run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${out}`,
    `--dbname=${url}`,
  ]);
}

/** pg_restore of a dump into an emptied database, in one transaction, stopping at the first error. */
export function restorePostgres(url: string, file: string): Promise<void> {
  return run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}
