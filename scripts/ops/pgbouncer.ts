/**
 * A server through pgbouncer in transaction mode (part of `npm run test:ops`, docs/deploy.md
 * "pgbouncer"): Debian's pgbouncer (1.18 on Debian 12: no prepared statements across server
 * connections, so DATABASE_PREPARED_STATEMENTS=off) in front of the local PostgreSQL; the server's
 * pool, migrations (transaction-level advisory lock) and job queue go through it, its LISTEN connection
 * to PostgreSQL directly (DATABASE_DIRECT_URL). Checks: it starts (migrates, seeds, the queue installs),
 * sign-in, create, send (a signed action), the list, a job done, and NOTIFY sent through pgbouncer at
 * commit received on the LISTEN connection (/metrics hujjat_db_notifications_total).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Instance, ready, startInstance } from './cluster';
import {
  checks,
  createDraft,
  dropDatabase,
  freshDatabase,
  metricsText,
  PG_SERVER,
  signIn,
  sleep,
} from './lib';
import { signedAction } from './sign';

const PORT = Number(process.env.OPS_PORT || 20830) + 80;
const BOUNCER_PORT = PORT + 10;
const METRICS_TOKEN = 'ops-pgbouncer-metrics-token-0123456789abcdef';
const t = checks('pgbouncer');
const asRoot = process.getuid?.() === 0;

/** Debian's pgbouncer in transaction mode on `port`, its files in `dir` (it refuses to run as root). */
async function startPgbouncer(dir: string, port: number) {
  const bin = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: apt-get install pgbouncer`);
  const server = new URL(PG_SERVER);
  const user = server.username || 'postgres';
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    `[databases]
* = host=${server.hostname} port=${server.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir = ${dir}
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
max_client_conn = 200
default_pool_size = 12
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
  );
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const [command, args] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ini]] : [bin, [ini]];
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${port}/postgres` });
    const ok = await c.connect().then(
      () => c.end().then(() => true),
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || i > 100) throw new Error(`pgbouncer did not start: ${stderr}`);
    await sleep(100);
  }
  return {
    url: (database: string) => `postgres://${user}@127.0.0.1:${port}/${database}`,
    async stop() {
      if (child.exitCode !== null) return;
      // Its own pid (runuser does not pass signals on): SIGINT, a safe shutdown.
      const pid = Number(fs.readFileSync(path.join(dir, 'pgbouncer.pid'), 'utf8'));
      if (pid > 0) process.kill(pid, 'SIGINT');
      await exited;
    },
  };
}

async function metrics(base: string) {
  const text = await metricsText(base, METRICS_TOKEN);
  const notified: Record<string, number> = {};
  for (const m of text.matchAll(/^hujjat_db_notifications_total\{channel="(\w+)"\} (\d+)/gm))
    notified[m[1]] = Number(m[2]);
  return { notified, listening: /^hujjat_db_listen_connected 1/m.test(text) };
}

async function json(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** One signed action through the server (getModelSign → demo key → run). */
const act = (
  server: Instance,
  auth: Record<string, string>,
  identity: string,
  documentId: string,
  action: string,
) => signedAction(server, auth, identity, documentId, action, 'ops-bouncer');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-ops-pgbouncer-'));
  const bouncerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-pgbouncer-'));
  const directUrl = await freshDatabase('pgbouncer');
  const database = new URL(directUrl).pathname.slice(1);
  let bouncer: Awaited<ReturnType<typeof startPgbouncer>> | null = null;
  let server: Instance | null = null;
  try {
    bouncer = await startPgbouncer(bouncerDir, BOUNCER_PORT);
    server = await startInstance({
      name: 'server',
      port: PORT,
      dataDir,
      databaseUrl: bouncer.url(database),
      env: { DATABASE_DIRECT_URL: directUrl, DATABASE_PREPARED_STATEMENTS: 'off', METRICS_TOKEN },
    });
    await ready([server]);
    t.check(
      true,
      'the server started through pgbouncer: migrations (advisory xact lock), demo seed, job queue installed',
    );
    const base = server.base;
    console.log(`server ${base} through pgbouncer on ${BOUNCER_PORT} (transaction mode), LISTEN direct`);

    const auth = await signIn(base, '998901000001');
    const number = `OPS-BOUNCER-${Date.now()}`;
    const id = await createDraft(base, auth, number);
    const before = await metrics(base);
    const sent = await act(server, auth, '302000001', id, 'send');
    t.check(
      sent.status === 200,
      'a draft created and sent (a signed action) through pgbouncer',
      `${sent.status} ${sent.body?.code ?? ''}`,
    );
    const list = await json(
      await fetch(`${base}/api/Document/getList?Size=90&DocNumber=${number}`, { headers: auth }),
    );
    const row = list.body?.rows?.find((r: { id: string }) => r.id === id);
    t.check(
      row?.box === 'outgoing',
      "the sent document is in the sender's list",
      `${list.status} ${row?.box}`,
    );
    const buyer = await signIn(base, '998901000002');
    const incoming = await json(
      await fetch(`${base}/api/Document/getList?Size=90&DocNumber=${number}`, { headers: buyer }),
    );
    t.check(
      incoming.body?.rows?.some((r: { id: string; box: string }) => r.id === id && r.box === 'incoming'),
      "and in the buyer's incoming list",
    );

    // A job queued through pgbouncer: announced by NOTIFY at commit, done. (More than ten documents make
    // an archive a job; ids of no document are reported missing in it.)
    const ids = [
      id,
      ...Array.from({ length: 10 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    ];
    const queued = await json(
      await fetch(`${base}/api/Document/getArchives`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      }),
    );
    const jobId = queued.body?.data?.jobId;
    let state = '';
    for (let i = 0; i < 240 && !['done', 'failed'].includes(state); i++) {
      await sleep(250);
      state =
        (await json(await fetch(`${base}/api/Job/get?id=${jobId}`, { headers: auth }))).body?.data?.state ??
        '';
    }
    t.check(
      queued.status === 202 && state === 'done',
      'a job queued through pgbouncer is done',
      `${queued.status} ${state}`,
    );

    // NOTIFY sent through pgbouncer at commit (the send's feed rows, the queued job) reached the direct LISTEN.
    let after = await metrics(base);
    for (let i = 0; i < 40 && !(after.notified.hujjat_feed > (before.notified.hujjat_feed ?? 0)); i++) {
      await sleep(250);
      after = await metrics(base);
    }
    t.check(
      after.listening &&
        after.notified.hujjat_feed > (before.notified.hujjat_feed ?? 0) &&
        after.notified.hujjat_jobs > (before.notified.hujjat_jobs ?? 0),
      'NOTIFY sent through pgbouncer reached the LISTEN connection (event feed and job queue wake-ups)',
      JSON.stringify(after.notified),
    );
    const direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
    try {
      const { rows } = await direct.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'hujjat-listen'
            and query ilike 'listen%'`,
        [database],
      );
      t.check(rows[0].n === 1, 'the LISTEN connection is a session of its own on PostgreSQL', `${rows[0].n}`);
    } finally {
      await direct.end();
    }
  } catch (err) {
    t.check(false, 'the pgbouncer scenario ran to its end', (err as Error).stack ?? String(err));
  } finally {
    await server?.stop().catch(() => {});
    await bouncer?.stop().catch(() => {});
    await dropDatabase(directUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    fs.rmSync(bouncerDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

const started = Date.now();
await main();
console.log(`pgbouncer scenario: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(t.finish());
