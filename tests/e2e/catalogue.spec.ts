import { expect, type Page, test } from '@playwright/test';
import { signInWithPassword } from './authHelpers';
import { expectNoSeriousA11yViolations } from './helpers';

// The catalogue reads public reference data (/api/Lgota) inside the signed-in shell. A real session:
// with a made-up one, the shell's own calls (menu counts) were refused and ended it mid-test.

const tbodyRows = (page: Page) => page.locator('.catalogue-table tbody tr');
const firstCells = (page: Page, column: number) => tbodyRows(page).locator(`td:nth-child(${column})`);

async function applyFilter(page: Page, button: RegExp, value: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('textbox', { name: /./ }).fill(value);
  await page.getByRole('button', { name: 'Применить' }).click();
}

test.beforeEach(async ({ page }) => {
  await signInWithPassword(page);
});

test('the first tab opens with demo data, the badge and the real total', async ({ page }) => {
  await page.goto('/gnccatalog');
  await expect(page).toHaveURL(/\/gnccatalog\/tasnifGetWithoutVat$/);
  await expect(page.getByRole('heading', { name: 'Каталог льгот по НДС' })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toHaveText('Демо-данные');
  await expect(tbodyRows(page)).toHaveCount(18);
  await expect(page.getByText('1–18 из 320')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Предприятия, приобретающие с льготой' }).click();
  await expect(page).toHaveURL(/enterprisesPurchasingWithoutOrZeroVAT$/);
  await expect(page.getByText('1–18 из 80')).toBeVisible();
});

test('filters by classifier code; the filter lives in the URL', async ({ page }) => {
  await page.goto('/gnccatalog/tasnifGetWithoutVat');
  await expect(tbodyRows(page)).toHaveCount(18);
  await page.getByRole('button', { name: 'Код ИКПУ' }).click();
  await page.getByRole('textbox', { name: 'Код ИКПУ' }).fill('03304');
  // The look-up answers after the debounce with at most five suggestions.
  await expect(page.getByRole('list', { name: 'Подсказки' }).getByRole('button')).toHaveCount(5);
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/\?catalogCode=03304$/);
  await expect(page.getByText('1–16 из 16')).toBeVisible();
  await expect(tbodyRows(page)).toHaveCount(16);
  for (const code of await firstCells(page, 2).allTextContents()) expect(code).toMatch(/^03304\d{12}$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Код ИКПУ: 03304' })).toBeVisible();
  await expect(tbodyRows(page)).toHaveCount(16);
});

test('back and forward restore the filters from the URL', async ({ page }) => {
  await page.goto('/gnccatalog/tasnifGetWithoutVat');
  await expect(page.getByText('1–18 из 320')).toBeVisible();
  await applyFilter(page, /^Код ИКПУ/, '03304');
  await expect(page.getByText('1–16 из 16')).toBeVisible();
  await applyFilter(page, /^Код ИКПУ/, '00101');
  await expect(page).toHaveURL(/catalogCode=00101/);
  await expect(firstCells(page, 2).first()).toHaveText(/^00101/);

  await page.goBack();
  await expect(page).toHaveURL(/catalogCode=03304/);
  await expect(page.getByRole('button', { name: 'Код ИКПУ: 03304' })).toBeVisible();
  await expect(firstCells(page, 2).first()).toHaveText(/^03304/);
  await page.goBack();
  await expect(page).toHaveURL(/tasnifGetWithoutVat$/);
  await expect(page.getByText('1–18 из 320')).toBeVisible();
  await page.goForward();
  await expect(page.getByText('1–16 из 16')).toBeVisible();
});

test('show more appends the next page', async ({ page }) => {
  await page.goto('/gnccatalog/tasnifGetWithoutVat');
  await expect(tbodyRows(page)).toHaveCount(18);
  const firstPage = await firstCells(page, 2).allTextContents();
  await page.getByRole('button', { name: 'Показать ещё' }).click();
  await expect(tbodyRows(page)).toHaveCount(36);
  expect((await firstCells(page, 2).allTextContents()).slice(0, 18)).toEqual(firstPage);
  await expect(firstCells(page, 1).nth(18)).toHaveText('19');
  await expect(page.getByText('1–36 из 320')).toBeVisible();
});

test('changing the page size resets the page', async ({ page }) => {
  await page.goto('/gnccatalog/tasnifGetWithoutVat');
  await page.getByRole('button', { name: 'Страница 3' }).click();
  await expect(page).toHaveURL(/\?page=3$/);
  await expect(firstCells(page, 1).first()).toHaveText('37');
  await page.getByLabel('Строк на странице').selectOption('36');
  await expect(page).toHaveURL(/\?size=36$/);
  await expect(firstCells(page, 1).first()).toHaveText('1');
  await expect(tbodyRows(page)).toHaveCount(36);
  await expect(page.getByText('1–36 из 320')).toBeVisible();
});

test('an empty result says nothing was found', async ({ page }) => {
  await page.goto('/gnccatalog/tasnifGetRefinanced?searchText=zzzqqq');
  await expect(page.getByTestId('nothing-found')).toHaveText(
    'Ничего не найдено. Измените или сбросьте фильтры.',
  );
  await page.getByRole('button', { name: 'Сбросить все фильтры' }).click();
  await expect(page.getByText('1–18 из 100')).toBeVisible();
});

test('works at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/gnccatalog/enterprisesSellingWithoutOrZeroVAT');
  await expect(page.getByText('1–18 из 80')).toBeVisible();
  await applyFilter(page, /^ИНН/, '30300001');
  await expect(page.getByText('1–10 из 10')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
