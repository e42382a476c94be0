// Starts the real server process the way `npm start` does and checks what an operator sees.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

const root = path.resolve(__dirname, '../..');
const serve = path.join(root, 'scripts', 'serve.ts');
const temps: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-startup-'));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function baseEnv(extra: Record<string, string>) {
  // DEMO off: no emulator ports, no seed — these tests are about the server process itself.
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    DEMO: 'off',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * How long a server process may take to start or exit: generous, because a busy machine (a full run
 * beside other sessions) took over 40 s to compile and open the database. The tests wait on events
 * (the process answering or exiting), so an idle machine never waits this long.
 */
const PROCESS_DEADLINE_MS = 180_000;
/** A test that starts servers: a few deadlines. */
const SERVER_TEST_MS = 3 * PROCESS_DEADLINE_MS;

function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serve], { cwd: root, env: baseEnv(env) });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stdout += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_DEADLINE_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

/** Starts the server and waits until it answers /api/health — or exits, which fails at once with its stderr. */
async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serve], {
    cwd: root,
    env: baseEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const deadline = Date.now() + PROCESS_DEADLINE_MS;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const gone = child.exitCode !== null || child.signalCode !== null;
  child.kill('SIGKILL');
  throw new Error(
    `server ${gone ? `exited (${child.exitCode ?? child.signalCode})` : 'did not start'}: ${stderr}`,
  );
}

/** Resolves when the process has exited (at once if it already has). */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', r));

describe('bad configuration: one clear line on stderr and a non-zero exit', {
  timeout: SERVER_TEST_MS,
}, () => {
  const oneLine = (stderr: string) =>
    stderr
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('npm warn'));

  it('an unparsable DATABASE_URL', async () => {
    const r = await run({ DATABASE_URL: 'definitely not a url', DATA_DIR: tempDir() });
    expect(r.code).not.toBe(0);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^hujjat: DATABASE_URL is not a valid URL/)]);
  });

  it('a bad PORT', async () => {
    const r = await run({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(r.code).not.toBe(0);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^hujjat: PORT must be a number/)]);
  });

  it('a port in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = await run({ PORT: String(port), DATA_DIR: tempDir() });
      expect(r.code).not.toBe(0);
      expect(oneLine(r.stderr)).toEqual([`hujjat: port ${port} on 127.0.0.1 is already in use (set PORT)`]);
    } finally {
      blocker.close();
    }
  });

  it('an unwritable data directory', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const r = await run({ PORT: String(await freePort()), DATA_DIR: path.join(file, 'data') });
    expect(r.code).not.toBe(0);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^hujjat: DATA_DIR .* is not writable/)]);
  });

  it('an unreachable database', async () => {
    const closedPort = await freePort();
    const r = await run({
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/test`,
    });
    expect(r.code).not.toBe(0);
    expect(oneLine(r.stderr)).toEqual([
      expect.stringMatching(/^hujjat: cannot connect to PostgreSQL at postgres:\/\/127\.0\.0\.1/),
    ]);
  });
});

describe('one server per data directory', () => {
  it(
    'a second server on the same directory exits with one line and writes nothing there',
    async () => {
      const dataDir = tempDir();
      const first = await startServer({ DATA_DIR: dataDir }, await freePort());
      try {
        const before = fs.readdirSync(dataDir).sort();
        // In demo mode the second would write demo keys into DATA_DIR first — it must not get that far.
        const second = await run({
          DATA_DIR: dataDir,
          DEMO: 'on',
          PORT: String(await freePort()),
          EIMZO_WS_PORT: String(await freePort()),
          EIMZO_EMULATOR_SERVER_PORT: String(await freePort()),
        });
        expect(second.code).not.toBe(0);
        const lines = second.stderr
          .trim()
          .split('\n')
          .filter((l) => !l.startsWith('npm warn'));
        expect(lines).toEqual([
          `hujjat: DATA_DIR ${dataDir} is in use by another Hujjat process (pid ${first.pid})`,
        ]);
        expect(fs.readdirSync(dataDir).sort()).toEqual(before);
        expect(fs.existsSync(path.join(dataDir, 'demo-pki'))).toBe(false);
      } finally {
        first.kill('SIGTERM');
        await exited(first);
      }
    },
    SERVER_TEST_MS,
  );
});

describe('durability of the embedded database', () => {
  it(
    'survives kill -9: data intact, migrations not applied again',
    async () => {
      const dataDir = tempDir();
      const port = await freePort();
      const first = await startServer({ DATA_DIR: dataDir }, port);
      first.kill('SIGKILL');
      await exited(first);
      const killedAt = new Date();
      expect(fs.existsSync(path.join(dataDir, 'hujjat.pid'))).toBe(true); // stale lock left behind

      const second = await startServer({ DATA_DIR: dataDir }, port);
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      expect(health).toMatchObject({ status: 'ok', db: 'pglite' });
      second.kill('SIGTERM');
      await exited(second);
      expect(fs.existsSync(path.join(dataDir, 'hujjat.pid'))).toBe(false); // graceful stop releases it

      const db = await openDatabase({ databaseUrl: null, dataDir: path.join(dataDir, 'pgdata') });
      try {
        const { rows } = await db.query<{ version: string; applied_at: Date }>(
          'select version, applied_at from schema_migrations',
        );
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(new Date(row.applied_at).getTime()).toBeLessThan(killedAt.getTime());
      } finally {
        await db.close();
      }
    },
    SERVER_TEST_MS,
  );
});
