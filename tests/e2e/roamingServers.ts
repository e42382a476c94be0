// Two Hujjat servers for the roaming walk (issue 28 item 7), started by the spec itself: server 1
// keeps demo company A's members and runs the stand-in operator; server 2 keeps B's and uses server 1's
// stand-in (OPERATOR_STANDIN_URL). Both share one demo PKI, so each trusts the other's signatures (as
// scripts/demo-roaming.ts does). Ports from E2E_ROAMING_PORT_BASE (default 18400): server 1 +10, its
// E-IMZO emulator +11/+12; server 2 +20, +21/+22; the stand-in +50.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDemoPki } from '../../scripts/demo-pki';

export interface RoamingServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
}

const BASE = Number(process.env.E2E_ROAMING_PORT_BASE || 18400);

function start(dataDir: string, port: number, env: Record<string, string>): Promise<RoamingServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'serve.ts')], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: 'on',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      EIMZO_WS_PORT: String(port + 1),
      EIMZO_EMULATOR_SERVER_PORT: String(port + 2),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const server = { url: `http://127.0.0.1:${port}`, dataDir, child };
  return new Promise((resolve, reject) => {
    const started = Date.now();
    child.once('exit', (code) => reject(new Error(`server on ${port} exited (${code})`)));
    const poll = async () => {
      try {
        if ((await fetch(`${server.url}/api/health`)).ok) return resolve(server);
      } catch {}
      if (Date.now() - started > 240_000)
        return reject(new Error(`server on ${port} did not start in 240 s`));
      setTimeout(poll, 500);
    };
    void poll();
  });
}

/** Starts both servers (at once: they share nothing but the stand-in's address and the PKI). */
export async function startRoamingServers(a: string, b: string) {
  const dir1 = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-e2e-roaming-1-'));
  const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-e2e-roaming-2-'));
  await ensureDemoPki(dir1);
  fs.cpSync(path.join(dir1, 'demo-pki'), path.join(dir2, 'demo-pki'), { recursive: true });
  const standIn = BASE + 50;
  const servers = await Promise.allSettled([
    start(dir1, BASE + 10, {
      DEMO_ORGANIZATIONS: a,
      OPERATOR_STANDIN: 'on',
      OPERATOR_STANDIN_PORT: String(standIn),
    }),
    start(dir2, BASE + 20, {
      DEMO_ORGANIZATIONS: b,
      OPERATOR_STANDIN: 'off',
      OPERATOR_STANDIN_URL: `http://127.0.0.1:${standIn}`,
    }),
  ]);
  const running = servers.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(
      running.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null) return resolve();
            s.child.once('exit', () => resolve());
            s.child.kill('SIGTERM');
          }),
      ),
    );
    for (const dir of [dir1, dir2]) fs.rmSync(dir, { recursive: true, force: true });
  };
  const failed = servers.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  return { one: running[0], two: running[1], stop };
}
