/**
 * npm run verify:archive -- <file.zip> [--trust ca.pem]
 * Checks a Hujjat signed archive offline — the manifest's hashes, every signature and that it covers
 * the stored bytes, the joined CMS, timestamps, certificate chains and the event log's hash chain —
 * prints a report and exits 1 when anything fails.
 */
import { readFileSync } from 'node:fs';
import { certificatesFromPem } from '../src/engine/cms';
import { verifyArchive } from '../src/server/services/archive/verify';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--trust');
const trustIndex = args.indexOf('--trust');
if (!file) {
  console.error('usage: npm run verify:archive -- <file.zip> [--trust ca.pem]');
  process.exit(2);
}
const trusted = trustIndex >= 0 ? certificatesFromPem(readFileSync(args[trustIndex + 1], 'utf8')) : undefined;
const report = await verifyArchive(new Uint8Array(readFileSync(file)), { trusted });
const doc = report.document;
console.log(`archive: ${file}`);
if (doc)
  console.log(
    `document: ${doc.kind} № ${doc.number ?? '—'} of ${doc.date ?? '—'} (id ${doc.id}, national ${doc.nationalId ?? '—'})`,
  );
for (const check of report.checks)
  console.log(`${check.ok ? 'OK  ' : 'FAIL'} ${check.check.padEnd(10)} ${check.detail}`);
console.log(report.ok ? 'result: VALID' : 'result: INVALID');
process.exit(report.ok ? 0 : 1);
