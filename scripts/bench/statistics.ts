/**
 * npm run bench:statistics [-- --documents 1000000 --organizations 1000 --queries 500 --pg postgres://… --keep]
 *
 * Statistics/getList for a year on the PostgreSQL set of bench:documents (seedBenchDocuments: 1,000,000
 * documents across 1,000 organisations; the counters are kept by migration 0062's trigger while it
 * seeds, as in production). Reports p50/p95/p99 of getStatistics for random organisations, and the
 * same aggregates computed by scanning the organisation's party rows (the peer it replaces) with
 * their ratio. Budget: p95 ≤ 100 ms. The schema `bench_statistics` is kept with --keep and reused.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { getStatistics } from '../../src/server/services/statistics';
import { benchTin, seedBenchDocuments } from './documentsSeed';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--'))
    args.set(
      process.argv[i].slice(2),
      process.argv[i + 1]?.startsWith('--') ? '' : (process.argv[i + 1] ?? ''),
    );
}
const DOCUMENTS = Number(args.get('documents') || 1_000_000);
const ORGS = Number(args.get('organizations') || 1000);
const QUERIES = Number(args.get('queries') || 500);
const PG = args.get('pg') || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const KEEP = args.has('keep');
const BUDGET_P95 = 100;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main() {
  if (!PG)
    throw new Error('bench:statistics runs on PostgreSQL: pass --pg postgres://… or set TEST_DATABASE_URL');
  const schema = 'bench_statistics';
  const db = await openDatabase({ databaseUrl: PG, dataDir: null, schema });
  await migrate(db);
  const have = Number((await db.query<{ n: number }>('select count(*)::int as n from documents')).rows[0].n);
  if (have < DOCUMENTS) {
    const t0 = performance.now();
    await seedBenchDocuments(db, {
      documents: DOCUMENTS,
      organizations: ORGS,
      onProgress: (done) =>
        process.stdout.write(`\rseeding ${done.toLocaleString('en')} / ${DOCUMENTS.toLocaleString('en')}`),
    });
    process.stdout.write(
      `\nseeded in ${((performance.now() - t0) / 1000).toFixed(0)} s (counters kept by the trigger)\n`,
    );
  }
  const counters = (await db.query<{ n: number }>('select count(*)::int as n from statistics_counters'))
    .rows[0].n;
  const period = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };
  let seed = 7;
  const nextOrg = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return benchTin(seed % ORGS);
  };
  for (let i = 0; i < 20; i++) await getStatistics(db, nextOrg(), period); // warm-up
  const ours: number[] = [];
  const scan: number[] = [];
  let sample = null;
  for (let i = 0; i < QUERIES; i++) {
    const tin = nextOrg();
    let t = performance.now();
    const s = await getStatistics(db, tin, period);
    ours.push(performance.now() - t);
    if (i === 0) sample = s.totals;
    t = performance.now();
    await db.query(
      `select box, kind, view_status, to_char(doc_date, 'YYYY-MM'), counterparty_identity, count(*), sum(total_sum)
       from document_parties where identity = $1 and doc_date between $2 and $3 group by 1, 2, 3, 4, 5`,
      [tin, period.dateFrom, period.dateTo],
    );
    scan.push(performance.now() - t);
  }
  const row = (name: string, xs: number[]) =>
    `| ${name.padEnd(44)} | ${pct(xs, 50).toFixed(2).padStart(7)} | ${pct(xs, 95).toFixed(2).padStart(7)} | ${pct(xs, 99).toFixed(2).padStart(7)} |`;
  console.log(
    `\nbench:statistics — PostgreSQL, ${DOCUMENTS.toLocaleString('en')} documents, ${ORGS} organisations, ${counters.toLocaleString('en')} counter rows, ${QUERIES} queries, period ${period.dateFrom}…${period.dateTo}`,
  );
  console.log('| query (ms)                                   |     p50 |     p95 |     p99 |');
  console.log('|----------------------------------------------|---------|---------|---------|');
  console.log(row('Statistics getList (counters)', ours));
  console.log(row('peer: the same aggregates by scanning rows', scan));
  console.log(
    `ratio p95 counters / scan: ${(pct(ours, 95) / pct(scan, 95)).toFixed(2)}; budget p95 ≤ ${BUDGET_P95} ms: ${pct(ours, 95) <= BUDGET_P95 ? 'met' : 'NOT met'}`,
  );
  console.log('one organisation’s year:', JSON.stringify(sample));
  if (!KEEP) await db.query(`drop schema if exists ${schema} cascade`);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
