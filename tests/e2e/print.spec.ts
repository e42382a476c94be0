import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN, signInWithPassword } from './authHelpers';
import { expectNoSeriousA11yViolations } from './helpers';

// The printed form in Chromium: an invoice signed in the browser with the emulator's demo key, its
// print page at A4 (landscape: the invoice's 15 columns), print media, Chromium's own PDF of it, and
// the public verification page its QR opens. An empowerment draft prints portrait.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SHOTS = path.join(ROOT, 'docs/screenshots/print');
const OUT = path.join(ROOT, 'test-results/print');
/** A4 minus the 10 mm margins of printForm.css, in CSS pixels (96 per inch). */
const mm = (value: number) => Math.round((value * 96) / 25.4);
const LANDSCAPE_CONTENT = mm(297 - 20);
const PORTRAIT_CONTENT = mm(210 - 20);

const fixture = (kind: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/documents', kind, 'fixtures/valid', file), 'utf8'));

/** An access token of the demo director for the API calls the test makes itself (the page keeps its own in memory). */
async function tokenOf(page: Page): Promise<string> {
  const res = await page.request.post('/api/Auth/Login', {
    data: { phone: DEMO_LOGIN.phone, password: DEMO_LOGIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return (body.data?.accessToken ?? body.accessToken) as string;
}

async function addDraft(request: APIRequestContext, token: string, kind: string, content: unknown) {
  const res = await request.post(`/api/Document/add?kind=${kind}`, {
    headers: { authorization: `Bearer ${token}` },
    data: content,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.id as string;
}

/** What the print media shows of the sheet: overflow of the table and of each number, wrapped numbers. */
async function measureSheet(page: Page) {
  return page.evaluate(() => {
    const sheet = document.querySelector('.pf') as HTMLElement;
    const tables = [...document.querySelectorAll<HTMLTableElement>('.pf-table')];
    const numbers = [...document.querySelectorAll<HTMLElement>('.pf-table td.pf-num, .pf-code')];
    const lines = (el: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    return {
      sheetWidth: sheet.getBoundingClientRect().width,
      tableOverflow: Math.max(
        ...tables.map((t) => t.scrollWidth - (t.parentElement as HTMLElement).clientWidth),
      ),
      cutCells: numbers.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      wrappedNumbers: numbers.filter((el) => el.textContent && lines(el) > 1).map((el) => el.textContent),
      money: [...document.querySelectorAll<HTMLElement>('.pf-table tfoot td.pf-num')]
        .map((el) => el.textContent ?? '')
        .filter(Boolean),
      toolbarShown:
        getComputedStyle(document.querySelector('.print-toolbar') as HTMLElement).display !== 'none',
    };
  });
}

/** The first page's size in points from a PDF's MediaBox. */
function pageSize(pdf: Buffer): { width: number; height: number } {
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(box, 'the PDF has a MediaBox').not.toBeNull();
  return { width: Number(box![1]), height: Number(box![2]) };
}

test('a signed invoice prints on A4 landscape: every column on the sheet, numbers whole, two decimals, stamps and the QR; the QR opens the verification page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(OUT, { recursive: true });
  await signInWithPassword(page);
  const token = await tokenOf(page);
  const content = fixture('invoice', '01-standard.json');
  Object.assign(content, { FacturaId: '', SellerTin: '302000001', BuyerTin: '302000002' });
  content.ProductList.Tin = '302000001';
  const id = await addDraft(page.request, token, 'invoice', content);

  // Signed and sent as a person does it: the view page's action, the key dialog, the emulator's key.
  await page.goto(`/documents/${id}`);
  await page.locator('[data-action="send"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Подписать' }).click();
  await expect(page.locator('[data-action="print-protocol"]')).toBeVisible({ timeout: 60_000 });

  // The view page's Print opens the printed form.
  await page.locator('[data-action="print"]').click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}/print$`));
  const sheet = page.locator('article.pf');
  await expect(sheet).toHaveClass(/pf-landscape/);
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('Счёт-фактура');
  await expect(sheet.locator('.pf-stamp[data-action="send"]')).toContainText('ОТПРАВЛЕН');
  await expect(sheet.locator('.pf-qr img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(sheet.locator('.pf-table tbody tr')).toHaveCount(content.ProductList.Products.length);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'browser-invoice-ru-screen.png'), fullPage: true });

  // Print media on a viewport as wide as the sheet's printable area.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: LANDSCAPE_CONTENT, height: mm(210 - 20) });
  const printed = await measureSheet(page);
  expect(printed.toolbarShown).toBe(false);
  expect(printed.sheetWidth).toBeLessThanOrEqual(LANDSCAPE_CONTENT);
  expect(printed.tableOverflow).toBeLessThanOrEqual(0);
  expect(printed.cutCells).toEqual([]);
  expect(printed.wrappedNumbers).toEqual([]);
  expect(printed.money.length).toBeGreaterThanOrEqual(3);
  for (const sum of printed.money) expect(sum).toMatch(/^\d{1,3}(\u202f\d{3})*,\d{2}$/);
  await page.screenshot({ path: path.join(SHOTS, 'browser-invoice-ru-print.png'), fullPage: true });

  // Chromium's own print of the page: A4 landscape as the page asks.
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(path.join(OUT, 'browser-invoice-ru.pdf'), pdf);
  const size = pageSize(pdf);
  expect(Math.round(size.width)).toBe(842);
  expect(Math.round(size.height)).toBe(595);

  // The QR's link opens the public verification page without signing in.
  const link = await page.request.get(`/api/DocumentQr/url/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const url = new URL((await link.json()).data.url);
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(url.pathname + url.search);
  await expect(anonymous.getByRole('status')).toContainText('Документ подлинный: все подписи действительны');
  await expect(anonymous.getByText('ОТПРАВЛЕН')).toBeVisible();
  await expect(anonymous.getByText('Действительна')).toBeVisible();
  await expectNoSeriousA11yViolations(anonymous);
  await anonymous.screenshot({ path: path.join(SHOTS, 'verify-valid-ru.png'), fullPage: true });
  // Without the key, nothing: the same "not found" as for a document that does not exist.
  await anonymous.goto(url.pathname);
  await expect(anonymous.getByRole('heading', { name: 'Документ не найден' })).toBeVisible();
  await expect(anonymous).toHaveURL(url.pathname);
  await visitor.close();
});

test('an empowerment draft prints portrait, in Uzbek when the reader reads Uzbek, without stamps or QR', async ({
  page,
}) => {
  fs.mkdirSync(OUT, { recursive: true });
  await signInWithPassword(page);
  const token = await tokenOf(page);
  const content = fixture('empowerment', '01-standard.json');
  Object.assign(content, { EmpowermentId: '', BuyerTin: '302000001', SellerTin: '302000002' });
  const id = await addDraft(page.request, token, 'empowerment', content);
  await page.goto(`/documents/${id}/print`);
  const sheet = page.locator('article.pf');
  await expect(sheet).toHaveClass(/pf-portrait/);
  await page.getByLabel('Язык').selectOption('uz');
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('Ishonchnoma');
  await expect(sheet).toContainText('Hujjat hali imzolanmagan.');
  await expect(sheet.locator('.pf-qr')).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: PORTRAIT_CONTENT, height: mm(297 - 20) });
  const printed = await measureSheet(page);
  expect(printed.tableOverflow).toBeLessThanOrEqual(0);
  expect(printed.cutCells).toEqual([]);
  expect(printed.wrappedNumbers).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'browser-empowerment-uz-print.png'), fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(path.join(OUT, 'browser-empowerment-uz.pdf'), pdf);
  const size = pageSize(pdf);
  expect(Math.round(size.width)).toBe(595);
  expect(Math.round(size.height)).toBe(842);
});
