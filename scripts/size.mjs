// `npm run size`: after `npm run build`, opens /auth-inn in headless Chromium against the built files
// and prints the gzip size of every JavaScript file the page loaded (budget: 150 KB, DESIGN §8).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const root = process.env.SIZE_DIST_DIR
  ? path.resolve(process.env.SIZE_DIST_DIR)
  : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const BUDGET = 150 * 1024;
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error('size: dist/ is missing — run `npm run build` first');
  process.exit(1);
}
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"success":false}');
  }
  let file = path.join(root, path.normalize(url.pathname));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
    file = path.join(root, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const loaded = new Set();
try {
  const page = await browser.newPage();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) loaded.add(u.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/auth-inn`, { waitUntil: 'networkidle' });
} finally {
  await browser.close();
  server.close();
}
let rawTotal = 0;
let gzipTotal = 0;
const rows = [...loaded].sort().map((p) => {
  const buf = fs.readFileSync(path.join(root, p));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  rawTotal += buf.length;
  gzipTotal += gz;
  return { file: p, raw: buf.length, gzip: gz };
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('JavaScript loaded by /auth-inn');
console.log('| file | raw | gzip |\n|---|---:|---:|');
for (const r of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
console.log(`| total (${rows.length} files) | ${kb(rawTotal)} | ${kb(gzipTotal)} |`);
console.log(`budget ${kb(BUDGET)} gzip: ${gzipTotal <= BUDGET ? 'within' : 'OVER'}`);
process.exit(gzipTotal <= BUDGET ? 0 : 1);
