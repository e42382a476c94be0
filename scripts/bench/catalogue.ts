/**
 * npm run bench:catalogue [-- --rows 50000 --requests 3000 --clients 20 --pg postgres://…]
 *
 * 1. Generates a tax-authority-layout CSV of goods without VAT (default 50,000 rows, deterministic).
 * 2. Imports it with `importFile` (the importer's code path, progress shown) into a fresh database.
 * 3. Starts the real server (buildApp) on 127.0.0.1, port 0, and sends filtered list requests from
 *    20 concurrent keep-alive clients running in a worker thread; reports p50/p95/p99.
 * Runs on PGlite (in memory) always and on PostgreSQL when --pg or TEST_DATABASE_URL is given, in a
 * schema of its own that is dropped afterwards. Budgets: import ≤ 30 s, p95 ≤ 20 ms.
 * "cold" rows are requests whose filter combination had not been asked before in the run, so their
 * total had to be counted in the database (totals are cached per data set version).
 *
 * --against <dir>: a checkout of another version (e.g. `git worktree add /tmp/prev <ref> && npm ci` there)
 * is benched in the same run, on the same data and requests, alternating with this one for --rounds
 * rounds (default 3); the table then has a row per version and round, and the ratio of the medians.
 * "server CPU ms/req" is the main thread's CPU time per measured request (from /proc, 10 ms ticks over
 * the whole measured load), which a busy machine disturbs far less than requests/s.
 * CATALOGUE_CPU_PROFILE=<prefix>: a V8 CPU profile of the main thread over each measured load, written to
 * <prefix>-<database>-<code>-<n>.cpuprofile (open in Chrome's DevTools, or sum self time per function).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { importFile } from '../../src/server/services/catalogue/import/importFile';
import { createProgress } from '../../src/server/services/catalogue/import/progress';
import { LISTS } from '../../src/server/services/catalogue/lists';

/** The server code a bench row runs: this checkout's, or another version's (--against). */
interface Subject {
  name: string;
  buildApp: typeof buildApp;
  loadConfig: typeof loadConfig;
  openDatabase: typeof openDatabase;
  migrate: typeof migrate;
  importFile: typeof importFile;
  createProgress: typeof createProgress;
  LISTS: typeof LISTS;
}

const THIS: Subject = {
  name: 'this',
  buildApp,
  loadConfig,
  openDatabase,
  migrate,
  importFile,
  createProgress,
  LISTS,
};

async function subjectAt(dir: string): Promise<Subject> {
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const [app, config, client, mig, imp, progress, lists] = await Promise.all([
    load('src/server/app.ts'),
    load('src/server/config.ts'),
    load('src/server/db/client.ts'),
    load('src/server/db/migrate.ts'),
    load('src/server/services/catalogue/import/importFile.ts'),
    load('src/server/services/catalogue/import/progress.ts'),
    load('src/server/services/catalogue/lists.ts'),
  ]);
  return {
    name: path.basename(dir),
    buildApp: app.buildApp,
    loadConfig: config.loadConfig,
    openDatabase: client.openDatabase,
    migrate: mig.migrate,
    importFile: imp.importFile,
    createProgress: progress.createProgress,
    LISTS: lists.LISTS,
  };
}

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const ROWS = Number(args.get('rows') ?? 50_000);
const REQUESTS = Number(args.get('requests') ?? 3000);
const WARMUP = Math.min(300, Math.floor(REQUESTS / 10));
const CLIENTS = Number(args.get('clients') ?? 20);
const PG_URL = args.get('pg') || process.env.TEST_DATABASE_URL || null;
const AGAINST = args.get('against') || null;
const ROUNDS = AGAINST ? Number(args.get('rounds') ?? 3) : 1;
const IMPORT_BUDGET_S = 30;
const P95_BUDGET_MS = 20;

// Deterministic pseudo-random numbers (mulberry32), so every run benches the same data and requests.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS_RU = [
  'Антисептик',
  'Парацетамол',
  'Шприц',
  'Бинт',
  'Чай',
  'Молоко',
  'Хлеб',
  'Книга',
  'Тетрадь',
  'Подгузники',
  'Сок',
  'Мука',
  'Рис',
  'Сахар',
  'Масло',
  'Сыр',
  'Йогурт',
  'Мёд',
  'Крупа',
  'Вода',
  'Таблетки',
  'Мазь',
  'Сироп',
  'Капли',
  'Пластырь',
  'Перчатки',
  'Маска',
  'Термометр',
  'Услуги',
  'Ремонт',
];
const ADJ_RU = [
  'медицинский',
  'детский',
  'зелёный',
  'свежий',
  'пастеризованное',
  'нерафинированное',
  'стерильный',
  'одноразовый',
  'учебная',
  'питьевая',
  'органический',
  'витаминный',
  'лечебный',
  'упакованный',
  'весовой',
];
const NOUNS_UZ = [
  'Antiseptik',
  'Paratsetamol',
  'Shprits',
  'Choy',
  'Sut',
  'Non',
  'Kitob',
  'Daftar',
  'Sharbat',
  'Un',
  'Guruch',
  'Shakar',
  "Yog'",
  'Pishloq',
  'Asal',
  'Suv',
  'Tabletka',
  'Malham',
  'Sirop',
  'Tomchi',
  "Qo'lqop",
  'Niqob',
  'Xizmatlar',
  "Ta'mirlash",
];
const PACK = ['упаковка', 'флакон', 'коробка', 'пакет', 'бутылка', 'туба', 'блистер', 'банка'];
const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'tex',
  'vel',
  'sa',
  'no',
  'zar',
  'lin',
  'fa',
  'ter',
  'bo',
  'gul',
  'da',
  'rin',
  'mak',
  'sol',
  'vit',
  'pro',
  'uz',
];

function generateCsv(file: string, rows: number) {
  const rand = rng(42);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const benefits = Array.from({ length: 60 }, (_, i) => ({
    id: String(100001 + i),
    name: `Освобождение от НДС: ${pick(ADJ_RU)} ${pick(NOUNS_RU).toLowerCase()} — группа ${i + 1}`,
  }));
  const brands = Array.from({ length: 3000 }, () =>
    `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`.replace(/^./, (c) => c.toUpperCase()),
  );
  const out = fs.createWriteStream(file);
  const lines: string[] = ['catalogCode,catalogName,newLgotaId,lgotaName'];
  const codes = new Set<string>();
  while (codes.size < rows) {
    const group = String(1 + Math.floor(rand() * 120)).padStart(3, '0');
    const code = `${group}${String(Math.floor(rand() * 100)).padStart(2, '0')}${String(Math.floor(rand() * 1000)).padStart(3, '0')}${String(Math.floor(rand() * 1000)).padStart(3, '0')}${String(Math.floor(rand() * 1e6)).padStart(6, '0')}`;
    if (codes.has(code)) continue;
    codes.add(code);
    const uz = rand() < 0.33;
    const name = uz
      ? `${pick(NOUNS_UZ)} ${pick(brands)} ${1 + Math.floor(rand() * 500)} ${pick(['ml', 'g', 'kg', 'dona'])}`
      : `${pick(NOUNS_RU)} ${pick(ADJ_RU)} ${pick(brands)}, ${pick(PACK)} ${1 + Math.floor(rand() * 500)} ${pick(['мл', 'г', 'кг', 'шт'])}`;
    const benefit = pick(benefits);
    lines.push(`${code},"${name.replace(/"/g, '""')}",${benefit.id},"${benefit.name}"`);
  }
  out.end(`${lines.join('\n')}\n`);
  return new Promise<{ codes: string[]; brands: string[]; benefits: typeof benefits }>((resolve) =>
    out.on('finish', () => resolve({ codes: [...codes], brands, benefits })),
  );
}

/** The mix of filtered list requests a day of accountants would send (seeded, the same each run). */
function requestPaths(data: Awaited<ReturnType<typeof generateCsv>>, count: number) {
  const rand = rng(7);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const op = '/api/Lgota/WithoutVatProducts';
  const size = () => pick([18, 18, 18, 36, 50]);
  const page = () => (rand() < 0.7 ? 1 : 2 + Math.floor(rand() * 4));
  const kinds = [
    () => `tasnifCode=${pick(data.codes).slice(0, 3 + Math.floor(rand() * 6))}`,
    () =>
      `tasnifName=${encodeURIComponent(pick([...NOUNS_RU, ...NOUNS_UZ]).slice(0, 4 + Math.floor(rand() * 4)))}`,
    () => `tasnifName=${encodeURIComponent(pick(data.brands).toLowerCase().slice(0, 5))}`,
    () => `lgotaName=${encodeURIComponent(`группа ${1 + Math.floor(rand() * 60)}`)}`,
    () => `lgotaName=${encodeURIComponent(pick(ADJ_RU))}&tasnifCode=${pick(data.codes).slice(0, 3)}`,
    () =>
      `tasnifName=${encodeURIComponent(pick(NOUNS_RU).toUpperCase())}&lgotaName=${encodeURIComponent('освобождение')}`,
    () => '',
  ];
  return Array.from({ length: count }, () => {
    const filter = pick(kinds)();
    return `${op}?${filter}${filter ? '&' : ''}page=${page()}&size=${size()}`;
  });
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function runLoad(port: number, paths: string[]) {
  return new Promise<{ latencies: number[]; wallMs: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./catalogueLoad.mjs', import.meta.url), {
      workerData: { port, paths, clients: CLIENTS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

interface Result {
  db: string;
  code: string;
  serverMsPerRequest: number;
  importSeconds: number;
  rows: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  coldCount: number;
  coldP95: number;
}

async function benchOne(
  subject: Subject,
  label: string,
  db: Db,
  file: string,
  data: Awaited<ReturnType<typeof generateCsv>>,
  dispose: () => Promise<void>,
): Promise<Result> {
  try {
    await subject.migrate(db);
    process.stdout.write(`\n[${label} ${subject.name}] import ${ROWS} rows\n`);
    const started = performance.now();
    const outcome = await subject.importFile(db, subject.LISTS.withoutVat, file, {
      lang: 'en',
      onProgress: subject.createProgress(process.stdout, `[${label}] import`),
    });
    const importSeconds = (performance.now() - started) / 1000;
    if (!outcome.ok) throw new Error(`import failed: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
    const config = {
      ...subject.loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', DEMO: 'off' }, 'bench'),
      webRoot: null,
    };
    const app = await subject.buildApp(config, { db: { ...db, close: async () => {} }, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    try {
      const all = requestPaths(data, WARMUP + REQUESTS);
      // Warm-up: JIT, prepared plans, connections. Its filters then count as seen.
      await runLoad(port, all.slice(0, WARMUP));
      const measured = all.slice(WARMUP);
      process.stdout.write(`[${label}] ${measured.length} requests, ${CLIENTS} concurrent clients\n`);
      const profiler = await startProfile();
      const cpuBefore = mainThreadCpuMs();
      const { latencies, wallMs } = await runLoad(port, measured);
      const cpuAfter = mainThreadCpuMs();
      await profiler?.stop(`${label}-${subject.name}`);
      const seen = new Set(all.slice(0, WARMUP).map((p) => p.replace(/&?page=\d+&size=\d+$/, '')));
      const cold: number[] = [];
      measured.forEach((p, i) => {
        const key = p.replace(/&?page=\d+&size=\d+$/, '');
        if (!seen.has(key)) cold.push(latencies[i]);
        seen.add(key);
      });
      const sorted = [...latencies].sort((a, b) => a - b);
      cold.sort((a, b) => a - b);
      return {
        db: label,
        code: subject.name,
        serverMsPerRequest:
          cpuBefore === null || cpuAfter === null ? Number.NaN : (cpuAfter - cpuBefore) / measured.length,
        importSeconds,
        rows: ROWS,
        requests: measured.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1],
        rps: (measured.length / wallMs) * 1000,
        coldCount: cold.length,
        coldP95: percentile(cold, 95),
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

function printTable(results: Result[]) {
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  const header = [
    'database',
    'code',
    'rows',
    'import s',
    'requests',
    'clients',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'req/s',
    'server CPU ms/req',
    'cold n',
    'cold p95 ms',
    'budget',
  ];
  const lines = results.map((r) => [
    r.db,
    r.code,
    String(r.rows),
    f(r.importSeconds),
    String(r.requests),
    String(CLIENTS),
    f(r.p50),
    f(r.p95),
    f(r.p99),
    f(r.max),
    f(r.rps, 0),
    f(r.serverMsPerRequest, 3),
    String(r.coldCount),
    f(r.coldP95),
    r.importSeconds <= IMPORT_BUDGET_S && r.p95 <= P95_BUDGET_MS ? 'ok' : 'OVER',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(
    `\n${row(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${lines.map(row).join('\n')}\n`,
  );
  process.stdout.write(
    `budgets: import ≤ ${IMPORT_BUDGET_S} s, p95 ≤ ${P95_BUDGET_MS} ms; cpus ${os.cpus().length}, node ${process.version}\n`,
  );
}

/**
 * CPU time of this process's main thread (the server's), in ms, from /proc: unlike wall time it does
 * not grow while other processes hold the cores. Null where /proc is absent.
 */
function mainThreadCpuMs(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

let profiles = 0;
async function startProfile() {
  const prefix = process.env.CATALOGUE_CPU_PROFILE;
  if (!prefix) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(`${prefix}-${name}-${++profiles}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** This version against the other, per database: medians over the rounds and their ratio. */
function printRatios(results: Result[], subjects: Subject[]) {
  const [ours, theirs] = subjects;
  for (const db of [...new Set(results.map((r) => r.db))]) {
    const of = (s: Subject) => results.filter((r) => r.db === db && r.code === s.name);
    const a = of(ours);
    const b = of(theirs);
    const rpsA = median(a.map((r) => r.rps));
    const rpsB = median(b.map((r) => r.rps));
    const msA = median(a.map((r) => r.serverMsPerRequest));
    const msB = median(b.map((r) => r.serverMsPerRequest));
    process.stdout.write(
      `${db}: req/s median ${rpsA.toFixed(0)} (${ours.name}) vs ${rpsB.toFixed(0)} (${theirs.name}) = ${(rpsA / rpsB).toFixed(2)}×; ` +
        `server CPU ms/req ${msA.toFixed(3)} vs ${msB.toFixed(3)} = ${(msA / msB).toFixed(2)}×\n`,
    );
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-bench-catalogue-'));
  try {
    const file = path.join(dir, 'without-vat.csv');
    const data = await generateCsv(file, ROWS);
    process.stdout.write(
      `generated ${ROWS} rows (${(fs.statSync(file).size / 1e6).toFixed(1)} MB) in ${file}\n`,
    );
    const results: Result[] = [];
    const subjects = AGAINST ? [THIS, await subjectAt(path.resolve(AGAINST))] : [THIS];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which version goes first, so neither always runs on a warmer machine.
      const order = round % 2 === 0 ? subjects : [...subjects].reverse();
      for (const subject of order) {
        const pglite = await subject.openDatabase({ databaseUrl: null, dataDir: null });
        results.push(await benchOne(subject, 'PGlite', pglite, file, data, () => pglite.close()));
        if (PG_URL) {
          const schema = `bench_${randomBytes(5).toString('hex')}`;
          const pg = await subject.openDatabase({ databaseUrl: PG_URL, dataDir: null, schema });
          results.push(
            await benchOne(subject, 'PostgreSQL', pg, file, data, async () => {
              await pg.query(`drop schema if exists ${schema} cascade`).catch(() => {});
              await pg.close();
            }),
          );
        }
      }
    }
    printTable(results);
    if (AGAINST) printRatios(results, subjects);
    return results.every((r) => r.importSeconds <= IMPORT_BUDGET_S && r.p95 <= P95_BUDGET_MS) ? 0 : 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`bench:catalogue failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
