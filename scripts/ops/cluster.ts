// Several Hujjat instances on one PostgreSQL behind nginx, for the multi-instance walk and
// bench:scale. Instances share JWT_SECRET and DATA_DIR (the demo CA and keys; PostgreSQL needs no
// lock there), each has its own port and its own E-IMZO emulator ports. nginx (Debian's) balances them
// and adds X-Request-Id and X-Forwarded-For, as docs/deploy.md configures it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverArgs } from '../serverFlags.mjs';
import { ROOT } from './lib';

export interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  stderr: () => string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export const CLUSTER_SECRET = 'ops-walk-jwt-secret-0123456789abcdef0123456789';

export async function startInstance(options: {
  name: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<Instance> {
  const child = spawn(process.execPath, serverArgs(ROOT), {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      DEMO: 'on',
      LOG_LEVEL: 'error',
      JWT_SECRET: CLUSTER_SECRET,
      TRUST_PROXY: 'loopback',
      EIMZO_WS_PORT: String(options.port + 1),
      EIMZO_EMULATOR_SERVER_PORT: String(options.port + 2),
      WEB_ROOT: '/nonexistent',
      ...options.env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name: options.name,
    port: options.port,
    base: `http://127.0.0.1:${options.port}`,
    child,
    stderr: () => stderr,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once every instance answers /api/health with 200 (fails at once if one exits). */
export async function ready(instances: Instance[], timeoutMs = 10 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (const instance of instances) {
    for (;;) {
      if (instance.child.exitCode !== null)
        throw new Error(`${instance.name} exited: ${instance.stderr().slice(-800)}`);
      const ok = await fetch(`${instance.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${instance.name} did not become ready`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

export interface Proxy {
  base: string;
  stop(): Promise<void>;
}

/** nginx in front of `ports` on `listen`, its files in `dir`. */
export async function startNginx(dir: string, listen: number, ports: number[]): Promise<Proxy> {
  const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
  if (!fs.existsSync(nginx)) throw new Error(`${nginx} is missing: apt-get install nginx`);
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 64m;
  upstream hujjat {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://hujjat;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 120s;
    }
  }
}
`,
  );
  const test = spawnSync(nginx, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child = spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
