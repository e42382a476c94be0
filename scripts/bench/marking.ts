/**
 * npm run bench:marking — marking codes of one invoice on the server (budget: 10,000 codes validated,
 * p95 ≤ 100 ms, DESIGN §8). One invoice line of CODES consumer codes (GS1 DataMatrix with a crypto
 * tail, as ASL BELGISI prints them), measured step by step as POST /api/Document/validate and the
 * document routes do them: the body parsed, the fail-fast validator with every keyword (structure of
 * each code, duplicates, count against the quantity), the recomputation (checkDocumentBounded); then
 * an invoice whose last code repeats the first (the all-errors report). Also the rule alone
 * (readMarkingCode × CODES) and the browser's precompiled validator. Prints p50/p95/mean after a
 * warm-up; never used as a test assertion.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createValidator, loadPrecompiledValidator } from '../../src/engine';
import { computeLine } from '../../src/engine/lines';
import { GS, hasValidCheckDigit, readMarkingCode, splitPastedCodes } from '../../src/engine/marking';
import { checkDocumentBounded, failFastValidator } from '../../src/server/services/documentCheck';

const CODES = Number(process.env.CODES ?? 10_000);
const RUNS = Math.max(50, Number(process.env.RUNS ?? 100));
const NOW = '2025-06-10T12:00:00+05:00';
const BUDGET_MS = 100;

function gtinOf(base13: string) {
  for (let d = 0; d < 10; d++) if (hasValidCheckDigit(`${base13}${d}`)) return `${base13}${d}`;
  throw new Error('unreachable');
}
const GTIN = gtinOf('0478008355002');
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';
const serial = (n: number) =>
  Array.from({ length: 7 }, (_, i) => ALPHABET[Math.floor(n / ALPHABET.length ** i) % ALPHABET.length]).join(
    '',
  );
const codeOf = (n: number) => `01${GTIN}21${serial(n)}${GS}93${serial(n * 7 + 3).slice(0, 4)}`;

function invoiceWith(codes: string[]) {
  const base = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
  const template = base.ProductList.Products[0];
  base.HasMarking = true;
  base.ProductList.Products = [
    computeLine({
      ...template,
      OrdNo: 1,
      Count: codes.length,
      Summa: 18000,
      Marks: { ProductType: 1, KIZ: codes },
    }),
  ];
  return base;
}

/** Runs fn on a new input each time; `prepare` (a request body parsed anew) is outside the clock. */
async function measure<T>(
  name: string,
  fn: (input: T) => unknown | Promise<unknown>,
  prepare: () => T = () => undefined as T,
) {
  for (let i = 0; i < 10; i++) await fn(prepare());
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const input = prepare();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await fn(input);
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
  const codes = Array.from({ length: CODES }, (_, i) => codeOf(i));
  const valid = invoiceWith(codes);
  const body = JSON.stringify(valid);
  const duplicate = invoiceWith([...codes.slice(0, -1), codes[0]]);
  const pasted = codes.join('\r\n');
  const duplicateBody = JSON.stringify(duplicate);
  const fresh = () => JSON.parse(body);
  const freshDuplicate = () => JSON.parse(duplicateBody);
  const precompiled = await loadPrecompiledValidator('invoice');
  const check = await checkDocumentBounded('invoice', valid, { now: NOW });
  if (!check.valid) throw new Error(`benchmark document must be valid: ${JSON.stringify(check.errors[0])}`);
  const refused = await checkDocumentBounded('invoice', duplicate, { now: NOW });
  if (refused.valid || refused.errors[0]?.keyword !== 'markingCodes')
    throw new Error('the duplicate must be refused');

  const rows = [
    await measure(`rule alone: readMarkingCode × ${CODES}`, () => {
      for (const code of codes) readMarkingCode(code, 'consumer');
    }),
    await measure('paste: split + read (browser editor)', () => {
      for (const code of splitPastedCodes(pasted)) readMarkingCode(code, 'consumer');
    }),
    await measure(
      'precompiled validator (browser)',
      (document) => precompiled(document, { now: NOW }),
      fresh,
    ),
    await measure(
      'runtime validator, all errors',
      (document) => createValidator('invoice')(document, { now: NOW }),
      fresh,
    ),
    await measure('server: JSON.parse of the body alone', () => JSON.parse(body)),
    await measure(
      'server: fail-fast validator alone',
      (document) => failFastValidator('invoice')(document, { now: NOW }),
      fresh,
    ),
    await measure('server: parse body + checkDocumentBounded', () =>
      checkDocumentBounded('invoice', JSON.parse(body), { now: NOW }),
    ),
    await measure(
      'server: refused (last code repeats first)',
      (document) => checkDocumentBounded('invoice', document, { now: NOW }),
      freshDuplicate,
    ),
  ];
  const fmt = (ms: number) => ms.toFixed(2).padStart(8);
  console.log(
    `\nbench:marking — one invoice line with ${CODES} consumer codes, ${RUNS} runs each (Node ${process.version})\n`,
  );
  console.log(`| ${'step'.padEnd(44)} | p50 ms   | p95 ms   | mean ms  | cpu p50  | cpu p95  |`);
  console.log(`|${'-'.repeat(46)}|----------|----------|----------|----------|----------|`);
  for (const row of rows)
    console.log(
      `| ${row.name.padEnd(44)} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.mean)} | ${fmt(row.cpu.p50)} | ${fmt(row.cpu.p95)} |`,
    );
  const server = rows.find((row) => row.name.startsWith('server: parse body'))!;
  const verdict = (ms: number) => (ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');
  console.log(
    `\nbudget ${BUDGET_MS} ms (server, ${CODES} codes): wall p95 ${server.p95.toFixed(1)} ms ${verdict(server.p95)}, cpu p95 ${server.cpu.p95.toFixed(1)} ms ${verdict(server.cpu.p95)}`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores\n`,
  );
}

main();
