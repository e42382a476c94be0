/**
 * npm run bench:hardening [-- --root <checkout> --cases rows3000,rows10000 --skip-throughput]
 *
 * What one client can do to everybody else through POST /api/Document/validate (issue 18). For each
 * body the bench starts the real server (`scripts/serve.ts` of --root, default this checkout: demo
 * data, fresh data directory), signs in, keeps one catalogue client busy in a worker thread, sends
 * the body once and reports: the answer's status, size and time, the longest wait of a catalogue
 * request meanwhile (how long the event loop was blocked), how many catalogue requests were served
 * meanwhile, and the server's peak memory (VmHWM). Then catalogue requests/s with 4 clients, alone
 * and beside one client that sends 9 KiB validate bodies back to back.
 * `--root` lets the same bench measure another checkout (e.g. a `git worktree` of the commit before)
 * — it talks to the server over HTTP only. Prints tables; never fails on a timing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { computeLine } from '../../src/engine/lines';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const ROOT = path.resolve(args.get('root') || path.join(import.meta.dirname, '..', '..'));
const CATALOGUE_PATH = '/api/Lgota/WithoutVatProducts?page=1&size=18';
const THROUGHPUT_SECONDS = 5;
const REQUEST_TIMEOUT_MS = 300_000;
const now = () => Number(process.hrtime.bigint()) / 1e6;

const fixture = JSON.parse(
  fs.readFileSync(
    path.join(import.meta.dirname, '../../schemas/documents/invoice/fixtures/valid/01-standard.json'),
    'utf8',
  ),
);
const invoiceWith = (products: unknown[]) => ({
  ...fixture,
  ProductList: { ...fixture.ProductList, Products: products },
});
const realLine = (index: number, wrongSum = false) => {
  const line = computeLine({
    ...fixture.ProductList.Products[0],
    OrdNo: index + 1,
    Count: (index % 97) + 1,
    Summa: 1000 + (index % 13),
  });
  return wrongSum ? { ...line, DeliverySum: 1 } : line;
};

/** The bodies: empty rows as the probe sent them, and real lines within the schema's limits. */
const CASES: Record<string, { label: string; body: () => unknown }> = {
  rows3000: { label: '3,000 empty rows', body: () => invoiceWith(Array.from({ length: 3000 }, () => ({}))) },
  rows10000: {
    label: '10,000 empty rows',
    body: () => invoiceWith(Array.from({ length: 10_000 }, () => ({}))),
  },
  rows50000: {
    label: '50,000 rows of 4 bad fields',
    body: () =>
      invoiceWith(
        Array.from({ length: 50_000 }, (_, i) => ({ OrdNo: i + 1, Name: 'x', Count: 'one', Summa: 'two' })),
      ),
  },
  valid5000: {
    label: '5,000 real lines, valid',
    body: () => invoiceWith(Array.from({ length: 5000 }, (_, i) => realLine(i))),
  },
  wrong5000: {
    label: '5,000 real lines, every sum wrong',
    body: () => invoiceWith(Array.from({ length: 5000 }, (_, i) => realLine(i, true))),
  },
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  dataDir: string;
}

async function startServer(): Promise<Server> {
  const [port, wsPort, serverPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-hardening-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'on',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      EIMZO_WS_PORT: String(wsPort),
      EIMZO_EMULATOR_SERVER_PORT: String(serverPort),
    },
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const up = await request(port, 'GET', '/api/health').catch(() => null);
    if (up?.status === 200) return { child, port, dataDir };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function stopServer(server: Server) {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Peak resident memory of the server process in MiB (Linux), or null. */
function peakMemoryMiB(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : null;
  } catch {
    return null;
  }
}

interface Answer {
  status: number;
  bytes: number;
  text: string;
  started: number;
  ended: number;
}

function request(
  port: number,
  method: string,
  urlPath: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        let bytes = 0;
        const head: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (bytes < 2048) head.push(chunk);
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            text: Buffer.concat(head).toString('utf8').slice(0, 2048),
            started,
            ended: now(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      // A server that refuses a body early may close before it was all sent: report what it answered.
      resolve({ status: 0, bytes: 0, text: String(error.message), started, ended: now() }),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function signIn(port: number): Promise<string> {
  const answer = await request(
    port,
    'POST',
    '/api/Auth/Login',
    JSON.stringify({ phone: '998901000001', password: 'Demo#2026' }),
  );
  const token = JSON.parse(answer.text).data?.accessToken;
  if (!token) throw new Error(`sign-in failed: ${answer.status} ${answer.text.slice(0, 200)}`);
  return token;
}

interface Sample {
  start: number;
  ms: number;
  ok: boolean;
}

function startLoad(port: number, clients: number) {
  const worker = new Worker(new URL('./hardeningLoad.mjs', import.meta.url), {
    workerData: { port, path: CATALOGUE_PATH, clients },
  });
  const started = new Promise<void>((resolve) =>
    worker.on('message', (m) => m.type === 'started' && resolve()),
  );
  const done = new Promise<Sample[]>((resolve) =>
    worker.on('message', (m) => m.type === 'done' && resolve(m.samples)),
  );
  return {
    started,
    async stop() {
      worker.postMessage('stop');
      const samples = await done;
      await worker.terminate();
      return samples;
    },
  };
}

const mib = (bytes: number) => bytes / 1024 / 1024;
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${mib(bytes).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;

async function measureCase(name: string) {
  const spec = CASES[name];
  const body = JSON.stringify(spec.body());
  const server = await startServer();
  try {
    const token = await signIn(server.port);
    // The first validation of a kind compiles its schema: done before measuring, as on a running server.
    await request(server.port, 'POST', '/api/Document/validate?kind=invoice', JSON.stringify(fixture), {
      authorization: `Bearer ${token}`,
    });
    const memoryBefore = peakMemoryMiB(server.child.pid);
    const load = startLoad(server.port, 1);
    await load.started;
    await new Promise((r) => setTimeout(r, 500));
    const answer = await request(server.port, 'POST', '/api/Document/validate?kind=invoice', body, {
      authorization: `Bearer ${token}`,
      'accept-language': 'ru',
    });
    await new Promise((r) => setTimeout(r, 500));
    const samples = await load.stop();
    // A catalogue request overlapping the validate request waited for the event loop.
    const during = samples.filter((s) => s.start + s.ms >= answer.started && s.start <= answer.ended);
    const longestWait = Math.max(0, ...during.map((s) => s.ms));
    const baseline = samples.filter((s) => s.start + s.ms < answer.started).map((s) => s.ms);
    const served = samples.filter((s) => s.start >= answer.started && s.start + s.ms <= answer.ended && s.ok);
    let code = '';
    try {
      code = JSON.parse(answer.text).code ?? '';
    } catch {
      code = answer.bytes > 2048 ? '(long)' : '';
    }
    return {
      name: spec.label,
      bodyBytes: Buffer.byteLength(body),
      status: `${answer.status}${code ? ` ${code}` : ''}`,
      answerBytes: answer.bytes,
      answerMs: answer.ended - answer.started,
      longestWait,
      baselineP50: median(baseline),
      served: served.length,
      peakMiB: peakMemoryMiB(server.child.pid),
      peakBeforeMiB: memoryBefore,
    };
  } finally {
    await stopServer(server);
  }
}

function median(values: number[]) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measureThroughput() {
  const server = await startServer();
  try {
    const token = await signIn(server.port);
    const rate = async (withAttacker: boolean) => {
      const load = startLoad(server.port, 4);
      await load.started;
      const from = now();
      let stop = false;
      const attacker = withAttacker
        ? (async () => {
            // 3,000 empty rows: 9 KiB of rows in an invoice.
            const document = JSON.stringify(invoiceWith(Array.from({ length: 3000 }, () => ({}))));
            const statuses = new Map<number, number>();
            while (!stop) {
              const a = await request(server.port, 'POST', '/api/Document/validate?kind=invoice', document, {
                authorization: `Bearer ${token}`,
              });
              statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
            }
            return { statuses, bytes: Buffer.byteLength(document) };
          })()
        : Promise.resolve(null);
      await new Promise((r) => setTimeout(r, THROUGHPUT_SECONDS * 1000));
      stop = true;
      const samples = await load.stop();
      const seconds = (now() - from) / 1000;
      const attack = await attacker;
      return { perSecond: samples.filter((s) => s.ok).length / seconds, attack };
    };
    const alone = await rate(false);
    const beside = await rate(true);
    return { alone, beside };
  } finally {
    await stopServer(server);
  }
}

async function main() {
  const names = (args.get('cases') || Object.keys(CASES).join(',')).split(',').filter(Boolean);
  const { stdout } = await import('node:process');
  stdout.write(
    `\nbench:hardening — server of ${ROOT} (Node ${process.version}, ${os.cpus().length} cores)\n\n`,
  );
  stdout.write(
    '| body | size | answer | answer size | answer time | longest catalogue wait | catalogue served meanwhile | server peak memory (before the body) |\n',
  );
  stdout.write('|---|---:|---|---:|---:|---:|---:|---:|\n');
  for (const name of names) {
    if (!CASES[name]) throw new Error(`unknown case ${name}; one of ${Object.keys(CASES).join(', ')}`);
    // Each row as soon as it is measured: a slow body (the 50,000 rows before the fix) may take minutes.
    const r = await measureCase(name);
    stdout.write(
      `| ${r.name} | ${sizeText(r.bodyBytes)} | ${r.status} | ${sizeText(r.answerBytes)} | ${r.answerMs.toFixed(0)} ms | ${r.longestWait.toFixed(0)} ms (idle p50 ${r.baselineP50.toFixed(1)} ms) | ${r.served} | ${r.peakMiB === null ? '—' : `${r.peakMiB.toFixed(0)} MiB (${r.peakBeforeMiB?.toFixed(0)} MiB)`} |\n`,
    );
  }
  if (!args.has('skip-throughput')) {
    stdout.write(`\n  catalogue throughput, ${THROUGHPUT_SECONDS} s each…\n`);
    const t = await measureThroughput();
    const statuses = t.beside.attack
      ? [...t.beside.attack.statuses].map(([status, n]) => `${n}× ${status}`).join(', ')
      : '';
    stdout.write('\n| catalogue, 4 clients | requests/s |\n|---|---:|\n');
    stdout.write(`| alone | ${t.alone.perSecond.toFixed(0)} |\n`);
    stdout.write(
      `| beside one client sending ${sizeText(t.beside.attack?.bytes ?? 0)} validate bodies back to back (${statuses}) | ${t.beside.perSecond.toFixed(0)} (${((t.beside.perSecond / t.alone.perSecond) * 100).toFixed(0)} % of alone) |\n`,
    );
  }
  stdout.write(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
