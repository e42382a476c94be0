import { expect, test } from '@playwright/test';
import { signInWithPassword } from './authHelpers';
import { clearSession, enterShellWithoutSession, expectNoSeriousA11yViolations } from './helpers';

test.describe('route guard', () => {
  test('without a token every app route leads to certificate sign-in', async ({ page }) => {
    await clearSession(page);
    for (const path of ['/', '/documents/incoming', '/settings/staff', '/help', '/gnccatalog']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth-inn$/);
    }
  });

  test('registration is reachable without a token', async ({ page }) => {
    await clearSession(page);
    await page.goto('/registration');
    await expect(page).toHaveURL(/\/registration$/);
  });

  test('with a token the sign-in screens lead to incoming documents, and redirects work', async ({
    page,
  }) => {
    // A real session: the pages behind these redirects (account settings, the catalogue) call the API.
    await signInWithPassword(page);
    await page.goto('/auth-inn');
    await expect(page).toHaveURL(/\/documents\/incoming$/);
    await page.goto('/auth-login');
    await expect(page).toHaveURL(/\/documents\/incoming$/);
    await page.goto('/documents');
    await expect(page).toHaveURL(/\/documents\/incoming$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/account$/);
    await page.goto('/gnccatalog');
    await expect(page).toHaveURL(/\/gnccatalog\/tasnifGetWithoutVat/);
  });
});

test('the chosen locale is kept across reloads and sets <html lang>', async ({ page }) => {
  await clearSession(page);
  await page.goto('/auth-inn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByLabel(/Язык/).selectOption('uz');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expect(page.getByRole('link', { name: 'Elektron imzo' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  expect(await page.evaluate(() => localStorage.getItem('user-locale'))).toBe('uz');
  await page.getByLabel(/Til/).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Digital signature' })).toBeVisible();
});

test('a 401 from the API clears the profile and returns to certificate sign-in', async ({ page }) => {
  await enterShellWithoutSession(page);
  await page.route('**/api/health', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"success":false,"code":"UNAUTHORIZED","message":"x"}',
    }),
  );
  await page.goto('/help');
  await expect(page).toHaveURL(/\/auth-inn$/);
  expect(await page.evaluate(() => localStorage.getItem('hujjat.signedIn'))).toBeNull();
});

test('a 503 from the API opens the server-problem modal', async ({ page }) => {
  // A real session: the shell's own calls (menu counts, the bell) would end a made-up one first.
  await signInWithPassword(page);
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto('/help');
  const dialog = page.getByRole('alertdialog', { name: 'Проблема с сервером' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('503');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
});

test('a network error opens the server-problem modal too', async ({ page }) => {
  // A real session: the shell's own calls (menu counts, the bell) would end a made-up one first.
  await signInWithPassword(page);
  await page.route('**/api/health', (route) => route.abort('connectionrefused'));
  await page.goto('/help');
  await expect(page.getByRole('alertdialog', { name: 'Проблема с сервером' })).toBeVisible();
});

test('placeholder pages show the texts of the spec', async ({ page }) => {
  await enterShellWithoutSession(page);
  await page.goto('/turnover');
  await expect(page.getByRole('heading', { name: 'Статистика товарооборота' })).toBeVisible();
  await expect(page.getByText('В данный момент, страница находится в разработке')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('placeholder-text')).toBeVisible();
  await page.goto('/maintenance');
  await expect(page.getByText(/5–7 минут/)).toBeVisible();
});

test('help downloads a real .xlsx template of product lines', async ({ page }) => {
  await enterShellWithoutSession(page);
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Текущий отчётный месяц' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать шаблон в Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hujjat-products-template.xlsx');
  const file = await download.path();
  const XLSX = await import('xlsx');
  const fs = await import('node:fs');
  const book = XLSX.read(fs.readFileSync(file));
  const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Products, { header: 1 })[0];
  expect(header).toContain('Количество [Count]');
  expect(header).toContain('Код ИКПУ [CatalogCode]');
});

test('logout asks for confirmation and then signs out', async ({ page }) => {
  await signInWithPassword(page);
  await page.goto('/help');
  await page.getByRole('link', { name: 'Выход' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Вы действительно хотите выйти?');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth-inn$/);
});

test('the side menu works at 375 px behind a toggle', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithPassword(page);
  await page.goto('/help');
  const toggle = page.getByRole('button', { name: /меню/ });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await page.getByRole('link', { name: 'Товарооборот' }).click();
  await expect(page).toHaveURL(/\/turnover$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

const PUBLIC_PAGES = ['/auth-inn', '/auth-login', '/registration', '/maintenance'];
const APP_PAGES = [
  '/',
  '/documents/incoming',
  '/documents/outgoing',
  '/documents/drafts',
  '/documents/templates',
  '/documents/deleted',
  '/documents/create',
  '/turnover',
  '/statistics',
  '/settings/account',
  '/settings/requisite',
  '/settings/staff',
  '/settings/subscriptionFee',
  '/newdoc',
  '/help',
  '/gnccatalog/tasnifGetWithoutVat',
  '/balance',
  '/contacts',
  '/logout',
];

test('every page has no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(180_000);
  await clearSession(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  }
  await signInWithPassword(page);
  for (const path of APP_PAGES.filter((p) => p !== '/logout')) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page, 'still signed in').not.toHaveURL(/auth-inn/);
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto('/logout');
  await expectNoSeriousA11yViolations(page);
});
