import { expect, type Page, test } from '@playwright/test';
import { signInWithPassword } from './authHelpers';
import { expectNoSeriousA11yViolations } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOTS
  ? 'docs/screenshots/reference'
  : process.env.E2E_SHOTS_DIR || '/tmp';

// Reference look-ups in a real browser, signed in as the director of the first demo company: typing
// a demo counterparty's TIN fills every requisite the tax registry (demo) knows, and the classifier
// picker finds a code by an Uzbek word. Screenshots for the acceptance: docs/screenshots/reference
// with E2E_SCREENSHOTS=1, else E2E_SHOTS_DIR (default /tmp).

/** The invoice's create form (the documents area's create page). */
async function openInvoiceForm(page: Page) {
  await page.goto('/documents/create?kind=invoice');
  await expect(page.locator('#root_BuyerTin')).toBeVisible({ timeout: 20_000 });
}

test('typing a demo counterparty’s TIN fills every requisite of the buyer', async ({ page }) => {
  await signInWithPassword(page);
  await openInvoiceForm(page);
  await page.locator('#root_BuyerTin').fill('305000001');
  await expect(page.locator('#root_Buyer_Name')).toHaveValue('MChJ «Demo Farm Savdo» (demo)', {
    timeout: 15_000,
  });
  const buyer = {
    VatRegCode: '326050000001',
    Account: '20208000100400000011',
    BankId: '09001',
    Address: "Toshkent sh., Mirobod tumani, Demo ko'chasi 11 (demo)",
    Oked: '46460',
    DistrictId: '2601',
    Director: 'Qodirov Sherzod Bahodirovich (demo)',
    Accountant: 'Usmonova Dildora Karimovna (demo)',
  };
  for (const [field, value] of Object.entries(buyer)) {
    await expect(page.locator(`#root_Buyer_${field}`), field).toHaveValue(value);
  }
  await expect(page.locator('#root_Buyer_VatRegStatus option:checked')).toHaveText(
    'Плательщик НДС (активный)',
  );
  const hint = page.locator('#root_BuyerTin__lookup');
  await expect(hint).toContainText('Найдено: MChJ «Demo Farm Savdo» (demo)');
  await expect(hint).toContainText('банк: DEMO MILLIY BANK AJ BOSH OFISI (demo)');
  await expect(hint).toContainText('Плательщик НДС+ (сертификат активный)');
  await expect(hint).toContainText('Мирабадский район');
  // The TIN, what the look-up found and the whole buyer section, clear of the sticky action bar (a
  // viewport tall enough to hold them all leaves the bar below them).
  await page.setViewportSize({ width: 1280, height: 2400 });
  const from = await page.locator('#root_BuyerTin').boundingBox();
  const to = await page
    .locator('#root_Buyer_Accountant')
    .locator('xpath=ancestor::fieldset[1]')
    .boundingBox();
  expect(from && to).toBeTruthy();
  if (from && to) {
    const top = from.y - 40;
    await page.screenshot({
      path: `${SHOTS}/reference-buyer-filled.png`,
      clip: { x: 248, y: top, width: 1032, height: to.y + to.height - top + 16 },
    });
  }
});

test('the classifier picker finds a code by an Uzbek word, with its package', async ({ page }) => {
  await signInWithPassword(page);
  await openInvoiceForm(page);
  // A new invoice has no lines: the picker sits in the classifier cell of a line.
  const table = page.getByRole('toolbar', { name: 'Действия с таблицей товаров' });
  await expect(table).toContainText('Строк: 0');
  await table.getByRole('button', { name: 'Добавить строку' }).click();
  await page.getByRole('button', { name: 'Выбрать код ИКПУ для строки 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Классификатор ИКПУ' });
  await dialog.getByLabel('Код или наименование').fill("qo'l uchun");
  const item = dialog.getByRole('button', { name: /03304020001027003/ });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item).toContainText('Антисептик для рук');
  await page.screenshot({ path: `${SHOTS}/reference-classifier-qol-uchun.png` });
  await dialog.getByLabel('Код или наименование').fill('kungaboqar');
  await expect(dialog.getByText(/Найдено кодов: \d+/)).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: /01507001001/ }).first()).toContainText('демо');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/reference-classifier-uzbek.png` });
  await dialog.getByLabel('Код или наименование').fill("qo'l uchun");
  await dialog.getByRole('button', { name: /03304020001027003/ }).click();
  await expect(dialog).toBeHidden();
  // The code's cell gets the focus back (an input while focused, text at rest): read either.
  const cell = (field: string) =>
    page
      .locator(`#root_ProductList_Products_0_${field}`)
      .evaluate((el) => (el instanceof HTMLInputElement ? el.value : el.textContent));
  await expect.poll(() => cell('CatalogCode')).toBe('03304020001027003');
  await expect.poll(() => cell('CatalogName')).toContain('Антисептик для рук');
  await expect.poll(() => cell('PackageCode')).toBe('1309398');
  await page.getByRole('heading', { name: /Новый документ/ }).click();
  const packageCell = page.locator('#root_ProductList_Products_0_PackageCode');
  await packageCell.scrollIntoViewIfNeeded();
  // The table draws its visible lines after the scroll: wait until this one is painted in view.
  await expect(packageCell).toBeInViewport();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  await page.screenshot({ path: `${SHOTS}/reference-classifier-picked.png` });
});
