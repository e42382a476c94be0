// A real streaming replica of the local PostgreSQL for the operations scenarios: pg_basebackup -R into
// a temporary directory, started as a hot standby on a port of its own with pg_ctl. PostgreSQL refuses
// to run as root, so as root (CI) the tools run as the `postgres` user. The primary must accept
// replication connections from 127.0.0.1: a missing pg_hba.conf line is added once, and the
// configuration reloaded (idempotent, so a fresh CI machine and a developer's machine both work).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The PostgreSQL programs of the running server's major version (PG_BIN_DIR overrides). */
function binDir(major: string): string {
  const dir = process.env.PG_BIN_DIR ?? `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(dir, 'pg_basebackup')))
    throw new Error(`${dir}/pg_basebackup is missing (set PG_BIN_DIR)`);
  return dir;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when this process is root. */
function run(bin: string, args: string[]) {
  const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(command, all, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} failed: ${(r.stderr || r.stdout).slice(-800)}`);
  return r.stdout;
}

/** Lets 127.0.0.1 connect for replication (trust, as the local server's other lines), once. */
async function allowReplication(admin: pg.Client) {
  const { rows } = await admin.query(
    `select count(*)::int as n from pg_hba_file_rules
      where 'replication' = any(database) and type = 'host' and (address = '127.0.0.1' or address is null)`,
  );
  if (rows[0].n > 0) return;
  const file = (await admin.query('show hba_file')).rows[0].hba_file as string;
  fs.appendFileSync(
    file,
    '\n# added by Hujjat scripts/ops/standby.ts (the replica scenario)\nhost replication all 127.0.0.1/32 trust\n',
  );
  await admin.query('select pg_reload_conf()');
}

export interface Standby {
  url(database: string): string;
  /** Pauses or resumes applying the primary's changes (the replica falls behind on purpose). */
  replay(paused: boolean): Promise<void>;
  /** Stops the standby (fast shutdown); its files stay until `remove`. */
  stop(): Promise<void>;
  /** Stops it if running and deletes its files. */
  remove(): Promise<void>;
}

/** A hot standby of the server at `primaryUrl` (no database name), listening on 127.0.0.1:`port`. */
export async function startStandby(primaryUrl: string, port: number): Promise<Standby> {
  const admin = new pg.Client({ connectionString: `${primaryUrl}/postgres` });
  await admin.connect();
  let settings: Record<string, string>;
  try {
    await allowReplication(admin);
    const names = [
      'server_version_num',
      'max_connections',
      'max_worker_processes',
      'max_wal_senders',
      'max_prepared_transactions',
      'max_locks_per_transaction',
    ];
    const { rows } = await admin.query('select name, setting from pg_settings where name = any($1)', [names]);
    settings = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await admin.end();
  }
  const bin = binDir(String(Math.floor(Number(settings.server_version_num) / 10000)));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-standby-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const primary = new URL(primaryUrl);
  run(path.join(bin, 'pg_basebackup'), [
    ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
    ...['-D', data, '-R', '-X', 'stream', '--checkpoint=fast'],
  ]);
  // Debian keeps the configuration in /etc: the copy has none. A hot standby needs at least the
  // primary's values of these settings.
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'hot_standby = on',
    'shared_buffers = 32MB',
    'fsync = off',
    ...['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions']
      .concat('max_locks_per_transaction')
      .map((name) => `${name} = ${settings[name]}`),
  ];
  fs.writeFileSync(path.join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
  fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (asRoot)
    execFileSync('chown', [
      'postgres:postgres',
      path.join(data, 'postgresql.conf'),
      path.join(data, 'pg_hba.conf'),
    ]);
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'standby.log'), '-w', '-t', '60', 'start']);
  const base = `postgres://${primary.username || 'postgres'}@127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  return {
    url: (database) => `${base}/${database}`,
    async replay(paused) {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      try {
        await c.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
      } finally {
        await c.end();
      }
    },
    stop,
    async remove() {
      try {
        await stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
  };
}
