// Prints one plain summary line per runner ("vitest: N passed, N failed") from their JSON reports.
import fs from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let failed = 0;
if (vitestFile && fs.existsSync(vitestFile)) {
  const r = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  failed += r.numFailedTests;
}
if (playwrightFile && fs.existsSync(playwrightFile)) {
  const s = JSON.parse(fs.readFileSync(playwrightFile, 'utf8')).stats ?? {};
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  console.log(`playwright: ${passed} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`);
  failed += s.unexpected ?? 0;
}
process.exit(failed ? 1 : 0);
