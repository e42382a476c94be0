/**
 * npm run bench:import [-- --lines 10000 --pg postgres://…]
 *
 * Excel import of 10,000 product lines grouped into 1, 10 and 100 invoices, through the real path:
 * multipart upload to Import/DocumentExcelImport, then the job (parse, group, requisites, compute,
 * the kind's schema + keywords + database checks per document, drafts created). Prints wall time of
 * the upload and of the job, and the process's peak RSS and heap while it ran. Budget: ≤ 5 s for
 * 10,000 lines. PGlite in memory always; PostgreSQL too with --pg or TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import * as XLSX from 'xlsx';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { DEMO_PASSWORD } from '../../src/server/db/seeds/users';
import { createJobQueue } from '../../src/server/jobs';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) args.set(process.argv[i].slice(2), process.argv[i + 1] ?? '');
}
const LINES = Number(args.get('lines') || 10_000);
const PG = args.get('pg') || process.env.TEST_DATABASE_URL || null;
const BUDGET_S = 5;

const HEADER = [
  'Номер счёта-фактуры',
  'Дата счёта-фактуры',
  'Номер договора',
  'Дата договора',
  'ИНН/ПИНФЛ покупателя',
  'Код ИКПУ',
  'Наименование по ИКПУ',
  'Наименование',
  'Код упаковки',
  'Упаковка',
  'Количество',
  'Цена',
  'Ставка НДС',
  'Происхождение товара',
];

function workbook(documents: number, run: string): Buffer {
  const rows: unknown[][] = [HEADER];
  const per = LINES / documents;
  for (let d = 0; d < documents; d++) {
    for (let l = 0; l < per; l++) {
      rows.push([
        `${run}-${d + 1}`,
        '2026-11-20',
        '12/2026',
        '2026-01-10',
        '302000002',
        '00902001001031001',
        'Зеленый чай',
        `Товар ${l + 1}`,
        '1392342',
        'шт.',
        1 + (l % 50),
        1000 + (l % 997) / 4,
        12,
        2,
      ]);
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

function multipart(file: Buffer) {
  const boundary = '----bench';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function bench(kind: 'pglite' | 'postgresql') {
  const schema = `bench_import_${randomBytes(3).toString('hex')}`;
  const db: Db = await openDatabase({
    databaseUrl: kind === 'pglite' ? null : PG,
    dataDir: null,
    schema: kind === 'pglite' ? undefined : schema,
  });
  await migrate(db);
  await seedDemo(db);
  const log = pino({ level: 'silent' });
  const queue = createJobQueue({ db: { ...db, close: async () => {} }, log, workers: false });
  const config = {
    ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '' }, 'bench'),
    webRoot: null,
  };
  const app = await buildApp(config, { db: { ...db, close: async () => {} }, logger: false, jobs: queue });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    payload: { phone: '998901000001', password: DEMO_PASSWORD },
  });
  const authorization = `Bearer ${login.json().data.accessToken}`;
  const results = [];
  for (const documents of [1, 10, 100]) {
    const file = workbook(documents, `R${documents}-${randomBytes(2).toString('hex')}`);
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const body = multipart(file);
    const res = await app.inject({
      method: 'POST',
      url: '/api/Import/DocumentExcelImport?kind=invoice',
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const t1 = performance.now();
    await app.jobs.runPending();
    const t2 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    const entry = (
      await app.inject({
        method: 'GET',
        url: `/api/DocExcelImport/Get?logId=${res.json().data.importId}`,
        headers: { authorization },
      })
    ).json().data;
    if (entry.state !== 'done' || entry.createdCount !== documents)
      throw new Error(`import ended ${entry.state}: ${JSON.stringify(entry)}`);
    results.push({
      documents,
      fileKb: file.length / 1024,
      upload: (t1 - t0) / 1000,
      job: (t2 - t1) / 1000,
      total: (t2 - t0) / 1000,
      // This process's CPU time (user + system) for upload and job: what the wall clock would be on
      // an idle core; on a shared machine the wall clock also counts waiting for others.
      cpu: (cpu.user + cpu.system) / 1e6,
      rss: (peakRss - base.rss) / 2 ** 20,
      heap: (peakHeap - base.heapUsed) / 2 ** 20,
      peakRss: peakRss / 2 ** 20,
    });
  }
  await app.close();
  if (kind === 'postgresql') await db.query(`drop schema if exists ${schema} cascade`);
  await db.close();
  console.log(`\nbench:import — ${kind}, ${LINES.toLocaleString('en')} product lines per file`);
  console.log(
    '| documents | lines/doc | file KB | upload s | job s | total s | CPU s | peak RSS MB (+Δ) | heap Δ MB |',
  );
  console.log(
    '|-----------|-----------|---------|----------|-------|---------|-------|------------------|-----------|',
  );
  for (const r of results) {
    console.log(
      `| ${String(r.documents).padStart(9)} | ${String(LINES / r.documents).padStart(9)} | ${r.fileKb.toFixed(0).padStart(7)} | ${r.upload.toFixed(2).padStart(8)} | ${r.job.toFixed(2).padStart(5)} | ${r.total.toFixed(2).padStart(7)} | ${r.cpu.toFixed(2).padStart(5)} | ${`${r.peakRss.toFixed(0)} (+${r.rss.toFixed(0)})`.padStart(16)} | ${r.heap.toFixed(0).padStart(9)} |`,
    );
  }
  const worst = Math.max(...results.map((r) => r.total));
  console.log(
    `budget ≤ ${BUDGET_S} s for ${LINES.toLocaleString('en')} lines: ${worst <= BUDGET_S ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)} s)`,
  );
}

async function main() {
  await bench('pglite');
  if (PG) await bench('postgresql');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
