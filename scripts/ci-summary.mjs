// Prints one plain summary line per runner ("vitest: N passed, N failed") from their JSON reports.
import fs from 'node:fs';

const [vitestFile, playwrightFile, vitestNode26File] = process.argv.slice(2);
let failed = 0;
function vitest(label, file) {
  if (!file || !fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  failed += r.numFailedTests;
}
vitest('vitest', vitestFile);
if (playwrightFile && fs.existsSync(playwrightFile)) {
  const s = JSON.parse(fs.readFileSync(playwrightFile, 'utf8')).stats ?? {};
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  console.log(`playwright: ${passed} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`);
  failed += s.unexpected ?? 0;
}
vitest('vitest-node26', vitestNode26File);
process.exit(failed ? 1 : 0);
