/**
 * npm run bench:validate — server-side validation of a 1000-line invoice (budget ≤ 5 ms, DESIGN §8):
 * runtime AJV validation with all keywords, exact-decimal recomputation, and both together as the
 * route does them (checkDocument, database checks stubbed). Also the precompiled validator.
 * Prints p50/p95/mean over RUNS runs after a warm-up; never used as a test assertion.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { checkDocument, computeDocument, createValidator, loadPrecompiledValidator } from '../../src/engine';
import { computeLine } from '../../src/engine/lines';

const LINES = Number(process.env.LINES ?? 1000);
const RUNS = Math.max(200, Number(process.env.RUNS ?? 300));
const NOW = '2025-06-10T12:00:00+05:00';
const BUDGET_MS = 5;

function invoiceWithLines(count: number) {
  const base = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
  const template = base.ProductList.Products[0];
  base.ProductList.Products = Array.from({ length: count }, (_, index) =>
    computeLine({
      ...template,
      OrdNo: index + 1,
      Count: (index % 97) + 0.125,
      Summa: 1000 + (index % 13) * 0.37,
    }),
  );
  return base;
}

async function measure(name: string, fn: () => unknown | Promise<unknown>) {
  for (let i = 0; i < 30; i++) await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { p50: pick(0.5), p95: pick(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
  };
  // Wall-clock includes waiting for a core on a shared machine; CPU time is what the work costs.
  return { name, ...stats(times), cpu: stats(cpu) };
}

async function main() {
  const document = invoiceWithLines(LINES);
  const validate = createValidator('invoice');
  const precompiled = await loadPrecompiledValidator('invoice');
  if (!validate(document, { now: NOW }).valid) throw new Error('benchmark document must be valid');

  const rows = [
    await measure('validate (runtime AJV + keywords)', () => validate(document, { now: NOW })),
    await measure('validate (precompiled standalone)', () => precompiled(document, { now: NOW })),
    await measure('recompute (computeDocument)', () => computeDocument('invoice', document)),
    await measure('validate + recompute (route path)', () =>
      checkDocument('invoice', document, { now: NOW, checker: async () => null }),
    ),
  ];
  const fmt = (ms: number) => ms.toFixed(3).padStart(8);
  console.log(
    `\nbench:validate — invoice with ${LINES} lines, ${RUNS} runs each (Node ${process.version})\n`,
  );
  console.log(`| ${'step'.padEnd(36)} | p50 ms   | p95 ms   | mean ms  | cpu p50  | cpu p95  |`);
  console.log(`|${'-'.repeat(38)}|----------|----------|----------|----------|----------|`);
  for (const row of rows) {
    console.log(
      `| ${row.name.padEnd(36)} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.mean)} | ${fmt(row.cpu.p50)} | ${fmt(row.cpu.p95)} |`,
    );
  }
  const total = rows[rows.length - 1];
  const verdict = (ms: number) => (ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');
  console.log(
    `\nbudget ${BUDGET_MS} ms for validate + recompute: wall p50 ${verdict(total.p50)}, wall p95 ${verdict(total.p95)}, cpu p95 ${verdict(total.cpu.p95)}`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores\n`,
  );
}

main();
