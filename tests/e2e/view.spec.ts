import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN, signInWithPassword } from './authHelpers';

// What is read in a document view and on the public verification page, measured in Chromium
// (issue 26): the goods table shows every amount column without sideways scrolling at 1280 px and
// turns into one card per line at 375 px; the verification page, opened from the printed QR on a
// phone, keeps its particulars readable at 375 px. Screenshots: docs/screenshots/view/.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SHOTS = process.env.VIEW_SHOTS ?? path.join(ROOT, 'docs/screenshots/view');

const fixture = (kind: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/documents', kind, 'fixtures/valid', file), 'utf8'));

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

/** Where the goods tables' amount columns and the page end up, in CSS pixels. */
async function measureTables(page: Page) {
  return page.evaluate(() => {
    const tables = [...document.querySelectorAll<HTMLElement>('.vt')];
    const amounts = [...document.querySelectorAll<HTMLElement>('.vt-table thead th.vt-num')];
    const rows = [...document.querySelectorAll<HTMLElement>('.vt-row')];
    return {
      viewport: window.innerWidth,
      pageScroll: document.documentElement.scrollWidth - window.innerWidth,
      tableOverflow: Math.max(...tables.map((t) => t.scrollWidth - t.clientWidth)),
      amountColumns: amounts.map((th) => ({
        column: th.dataset.column,
        left: Math.round(th.getBoundingClientRect().left),
        right: Math.round(th.getBoundingClientRect().right),
        visible: th.getBoundingClientRect().width > 0,
      })),
      rows: rows.map((row) => ({
        display: getComputedStyle(row).display,
        width: Math.round(row.getBoundingClientRect().width),
        labels: [...row.querySelectorAll<HTMLElement>('td.vt-num:not([data-empty])')].map(
          (td) => getComputedStyle(td, '::before').content,
        ),
        units: [...row.querySelectorAll<HTMLElement>('.vt-line[data-unit]')].map(
          (line) => getComputedStyle(line, '::after').content,
        ),
      })),
    };
  });
}

/** The first goods table as it lies on the full page (an element shot would scroll under the sticky header). */
async function shootGoods(page: Page, file: string) {
  const box = await page
    .locator('.vt')
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return {
        x: rect.left + window.scrollX,
        y: rect.top + window.scrollY,
        width: rect.width,
        height: rect.height,
      };
    });
  await page.screenshot({ path: file, fullPage: true, clip: box });
}

test('the view reads like the document: goods table whole at 1280 px, cards at 375 px; the verification page readable on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await signInWithPassword(page);
  const token = await tokenOf(page);
  const invoice = fixture('invoice', '01-standard.json');
  Object.assign(invoice, { FacturaId: '', SellerTin: '302000001', BuyerTin: '302000002' });
  invoice.ProductList.Tin = '302000001';
  invoice.FacturaDoc.FacturaNo = `VIEW-${Date.now()}`;
  const invoiceId = await addDraft(page.request, token, 'invoice', invoice);
  const waybill = fixture('waybill', '01-car-seller-to-buyer.json');
  waybill.WaybillLocalId = '';
  waybill.Consignor = { ...waybill.Consignor, TinOrPinfl: '302000001', Name: 'OOO «Demo Savdo» (demo)' };
  const waybillId = await addDraft(page.request, token, 'waybill', waybill);

  for (const [name, id] of [
    ['invoice', invoiceId],
    ['waybill', waybillId],
  ] as const) {
    // 1280 px: every amount column of every goods table inside the window, nothing to scroll sideways.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/documents/${id}`);
    await page.locator('.vt-table').first().waitFor();
    const wide = await measureTables(page);
    expect(wide.amountColumns.length, `${name}: amount columns`).toBeGreaterThanOrEqual(3);
    for (const column of wide.amountColumns) {
      expect(column.visible, `${name} ${column.column}`).toBe(true);
      expect(column.right, `${name} ${column.column} within the window`).toBeLessThanOrEqual(wide.viewport);
    }
    expect(wide.tableOverflow, `${name}: the table needs no sideways scroll`).toBeLessThanOrEqual(0);
    expect(wide.pageScroll, `${name}: the page needs no sideways scroll`).toBeLessThanOrEqual(0);
    expect(wide.rows.every((row) => row.display === 'table-row')).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `${name}-view-1280.png`), fullPage: true });
    await shootGoods(page, path.join(SHOTS, `${name}-goods-1280.png`));

    // 375 px: one card per line, every amount with its column's name, nothing wider than the phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/documents/${id}`);
    await page.locator('.vt-table').first().waitFor();
    const narrow = await measureTables(page);
    expect(narrow.rows.length).toBeGreaterThan(0);
    for (const row of narrow.rows) {
      expect(row.display, `${name}: a line is a card`).toBe('block');
      expect(row.width).toBeLessThanOrEqual(375);
      expect(row.labels.length).toBeGreaterThan(0);
      for (const label of row.labels) expect(label).not.toBe('none');
      for (const unit of row.units)
        expect(unit, `${name}: money in a card names its currency`).toBe('" сум"');
    }
    expect(narrow.pageScroll, `${name}: the phone page needs no sideways scroll`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-view-375.png`), fullPage: true });
    await shootGoods(page, path.join(SHOTS, `${name}-goods-375.png`));
  }

  // The verification page needs a signed document: the invoice is signed and sent as a person does.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/documents/${invoiceId}`);
  await page.locator('[data-action="send"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Подписать' }).click();
  await expect(page.locator('[data-action="print-protocol"]')).toBeVisible({ timeout: 60_000 });
  const link = await page.request.get(`/api/DocumentQr/url/${invoiceId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(link.status(), await link.text()).toBe(200);
  const url = new URL((await link.json()).data.url);
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  for (const width of [375, 1280]) {
    await anonymous.setViewportSize({ width, height: 800 });
    await anonymous.goto(url.pathname + url.search);
    await expect(anonymous.locator('[data-verdict]')).toBeVisible();
    // The particulars (kind, number, date, sum, status) each in a box wide enough to read.
    const boxes = await anonymous.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.verify-facts dd')].map((dd) => ({
        text: dd.textContent ?? '',
        width: Math.round(dd.getBoundingClientRect().width),
        height: Math.round(dd.getBoundingClientRect().height),
      })),
    );
    const number = boxes.find((box) => box.text === invoice.FacturaDoc.FacturaNo);
    const sum = boxes.find((box) => /сум$/.test(box.text));
    expect(number, `the number is shown: ${JSON.stringify(boxes)}`).toBeDefined();
    expect(sum, 'the sum is shown').toBeDefined();
    for (const box of boxes) expect(box.width, `"${box.text}" at ${width} px`).toBeGreaterThanOrEqual(100);
    // One line each: the number and the sum are never broken into a column of characters.
    for (const box of [number!, sum!]) expect(box.height, `"${box.text}" on one line`).toBeLessThan(40);
    const scroll = await anonymous.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await anonymous.screenshot({ path: path.join(SHOTS, `verify-${width}.png`), fullPage: true });
  }
  await anonymous.goto(url.pathname);
  await expect(anonymous.getByRole('heading', { name: 'Документ не найден' })).toBeVisible();
  await expect(anonymous.getByRole('main')).not.toContainText('проверил');
  await anonymous.screenshot({ path: path.join(SHOTS, 'verify-not-found-375.png'), fullPage: true });
  await visitor.close();
});
