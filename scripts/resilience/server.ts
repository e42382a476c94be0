// A real server process for the resilience scenarios and bench:bulk-sign: `node --import tsx
// scripts/serve.ts` on a data directory, killed with SIGKILL when asked.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverArgs } from '../serverFlags.mjs';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export async function startServerProcess(options: {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  /** More environment (the operator resilience walk: OPERATOR_STANDIN_URL, DEMO_ORGANIZATIONS). */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DEMO: 'on',
      LOG_LEVEL: 'error',
      DATABASE_URL: options.databaseUrl ?? '',
      EIMZO_WS_PORT: String(options.port + 1),
      EIMZO_EMULATOR_SERVER_PORT: String(options.port + 2),
      WEB_ROOT: '/nonexistent',
      ...options.env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const base = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr.slice(-500)}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (i > 600) throw new Error('server did not start in 5 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the server at `base` answers again (the caller restarts it meanwhile). */
export async function waitForServer(base: string) {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* down */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
