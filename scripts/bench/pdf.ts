/**
 * npm run bench:pdf — the server PDF (print model + pdfmake, Noto Sans embedded, QR, the signed JSON
 * attached) of an invoice with 10, 100 and 1000 lines. Budgets (issue 14): 100 lines ≤ 300 ms,
 * 1000 lines ≤ 2 s. Prints the wall-clock p50/p95 after a warm-up, the process's CPU time per PDF
 * (what the work costs when the machine is shared: on a loaded machine the wall clock waits for other
 * processes), the time of the print model alone, the pages and size of the PDF, and the peak resident
 * memory while the runs of a size were made; never used as a test assertion. Every run prints another
 * document (other names, counts and prices), as a server does.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import '../../src/engine';
import { computeLine } from '../../src/engine/lines';
import { buildPrintModel } from '../../src/engine/print';
import { translate } from '../../src/server/i18n';
import { renderPdf } from '../../src/server/services/pdf';

const SIZES: Array<{ lines: number; runs: number; budgetMs?: number }> = [
  { lines: 10, runs: Number(process.env.RUNS ?? 20) },
  { lines: 100, runs: Number(process.env.RUNS ?? 15), budgetMs: 300 },
  { lines: 1000, runs: Number(process.env.RUNS_1000 ?? 5), budgetMs: 2000 },
];

/**
 * An invoice of `count` lines; each `variant` is another document (its names and prices differ), so
 * that no run prints what an earlier one printed: what one PDF leaves behind for the next (the fonts'
 * shared word shapes) helps only as much as real documents share words (labels, units, codes).
 */
function invoiceText(count: number, variant = 0): string {
  const base = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
  const template = base.ProductList.Products[0];
  base.ProductList.Products = Array.from({ length: count }, (_, index) =>
    computeLine({
      ...template,
      OrdNo: index + 1,
      Name: `${template.Name} — line ${variant}-${index + 1}`,
      Count: (index % 97) + 0.125 + variant,
      Summa: 1000 + (index % 13) * 0.37 + variant * 10.01,
    }),
  );
  return JSON.stringify(base);
}

async function pdfOf(signed: string) {
  const modelStart = performance.now();
  const model = buildPrintModel({
    kind: 'invoice',
    content: JSON.parse(signed),
    lang: 'ru',
    t: (key, params) => translate('ru', key, params),
    signatures: [
      {
        action: 'send',
        role: 'sender',
        signerName: 'Aliyev Akmal Karimovich',
        organization: 'OOO «Demo Savdo» (demo)',
        tin: '302000001',
        serialHex: '780f2065',
        serialDec: '2014257253',
        signedAt: '2025-05-15T09:55:23Z',
        timestampAt: '2025-05-15T09:55:24Z',
      },
    ],
    verifyUrl: 'https://hujjat.example/verify/5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d?k=Xq3vR9tLm2PzW8',
    document: { id: '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d' },
  });
  const modelMs = performance.now() - modelStart;
  const pdf = await renderPdf(model, {
    attachments: [
      {
        name: 'document.json',
        bytes: Buffer.from(signed),
        mime: 'application/json',
        description: 'signed',
        relationship: 'Source',
      },
    ],
  });
  return { pdf, modelMs };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function main() {
  console.log(
    `bench:pdf — ${os.cpus().length} CPU, load ${os.loadavg()[0].toFixed(2)}, Node ${process.version}`,
  );
  for (let i = 0; i < 3; i++) await pdfOf(invoiceText(10)); // warm-up: JIT, fonts, QR
  const rows: string[][] = [];
  for (const { lines, runs, budgetMs } of SIZES) {
    const texts = Array.from({ length: runs }, (_, run) => invoiceText(lines, lines + run));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const times: number[] = [];
    const cpu: number[] = [];
    const models: number[] = [];
    let bytes = 0;
    let pages = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const { pdf, modelMs } = await pdfOf(texts[i]);
      times.push(performance.now() - start);
      // CPU time of this process (user + system): the work itself, whatever else the machine runs.
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      models.push(modelMs);
      bytes = pdf.length;
      pages = (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    clearInterval(sampler);
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    models.sort((a, b) => a - b);
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    rows.push([
      String(lines),
      String(runs),
      p50.toFixed(0),
      p95.toFixed(0),
      budgetMs ? `${budgetMs} (${p95 <= budgetMs ? 'within' : 'OVER'})` : '—',
      quantile(cpu, 0.5).toFixed(0),
      quantile(models, 0.5).toFixed(0),
      String(pages),
      (bytes / 1024).toFixed(0),
      ((peak - baseline) / 1048576).toFixed(1),
      (peak / 1048576).toFixed(0),
    ]);
  }
  const header = [
    'lines',
    'runs',
    'p50 ms',
    'p95 ms',
    'budget ms (p95)',
    'CPU ms p50',
    'model ms p50',
    'pages',
    'PDF KB',
    'peak RSS +MB',
    'peak RSS MB',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

await main();
