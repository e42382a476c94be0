/**
 * npm run bench:idle [-- --against <dir> --seconds 60 --settle 20 --rounds 1 --port 24000 --pg postgres://…]
 *
 * The CPU an idle server uses: starts `scripts/serve.ts` of this checkout (and of --against, another
 * version's checkout, e.g. `git worktree add /tmp/prev <ref> && npm ci` there) as it is run in
 * production — job workers, crons, timers — on an empty embedded database (or a schema of its own on
 * --pg), demo mode off, no request sent. After --settle seconds (start-up work done) it reads each
 * process's CPU time (user + system, all threads, from /proc) over --seconds and prints it as a share
 * of one core. With --against both servers idle side by side in the same window, so the machine's
 * load disturbs both alike; --rounds repeats the window.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const SECONDS = Number(args.get('seconds') ?? 60);
const SETTLE = Number(args.get('settle') ?? 20);
const ROUNDS = Number(args.get('rounds') ?? 1);
const PORT = Number(args.get('port') ?? 24000);
const PG_URL = args.get('pg') || null;
const AGAINST = args.get('against') || null;
const HERE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const TICKS_PER_SECOND = 100;

interface Server {
  name: string;
  child: ChildProcess;
  dataDir: string;
  schema: string | null;
}

/** utime + stime of a process (all its threads), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`port ${port} not listening after ${timeoutMs} ms`));
        else setTimeout(attempt, 500);
      });
    };
    attempt();
  });
}

async function start(dir: string, port: number): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-idle-'));
  const schema = PG_URL ? `bench_idle_${randomBytes(4).toString('hex')}` : null;
  let databaseUrl: string | undefined;
  if (PG_URL && schema) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'scripts', 'serve.ts')], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForPort(port, child, 600_000);
  return { name: path.basename(dir), child, dataDir, schema };
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve(null);
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (PG_URL && server.schema) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${server.schema} cascade`);
    await client.end();
  }
}

async function main() {
  const dirs = AGAINST ? [HERE, path.resolve(AGAINST)] : [HERE];
  const servers: Server[] = [];
  try {
    // One after the other: two start-ups at once would each take twice as long on a small machine.
    for (const [i, dir] of dirs.entries()) servers.push(await start(dir, PORT + i));
    process.stdout.write(`started: ${servers.map((s) => s.name).join(', ')}; settling ${SETTLE} s\n`);
    await new Promise((r) => setTimeout(r, SETTLE * 1000));
    const rows: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const load = os.loadavg()[0];
      const before = servers.map((s) => cpuSeconds(s.child.pid!));
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      const wall = (performance.now() - t0) / 1000;
      const after = servers.map((s) => cpuSeconds(s.child.pid!));
      for (const [i, s] of servers.entries()) {
        const share = ((after[i] - before[i]) / wall) * 100;
        rows.push(
          `| ${round} | ${s.name} | ${PG_URL ? 'PostgreSQL' : 'PGlite'} | ${wall.toFixed(0)} | ${(after[i] - before[i]).toFixed(2)} | ${share.toFixed(2)} % | ${load.toFixed(1)} |`,
        );
      }
    }
    process.stdout.write(
      `\n| round | code | database | seconds | CPU s | of one core | load avg at start |\n| - | - | - | - | - | - | - |\n${rows.join('\n')}\n`,
    );
    process.stdout.write(
      `cpus ${os.cpus().length}, node ${process.version}; CPU from /proc in 10 ms ticks\n`,
    );
  } finally {
    for (const s of servers) await stop(s).catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench:idle failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
