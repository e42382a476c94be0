import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_LOGIN,
  resetEmulator,
  scriptPasswordDialog,
  sessionProfile,
  signInWithPassword,
  storageText,
} from './authHelpers';
import { clearSession } from './helpers';

// Certificate and password sign-in and registration against the demo server and the E-IMZO emulator.

const certificate = (page: Page, name: RegExp) => page.getByRole('radio', { name });
const DIRECTOR = /^\(302000001\) ALIYEV AKMAL KARIMOVICH(?!.*срок истёк)/;

test.beforeEach(async ({ page }) => {
  await clearSession(page);
  await resetEmulator(page);
});

test.describe('certificate sign-in', () => {
  test('lists the demo keys: expired greyed and disabled, duplicates removed, search works; signs in', async ({
    page,
  }) => {
    await page.goto('/auth-inn');
    const list = page.getByRole('group', { name: 'Сертификаты E-IMZO' });
    await expect(list).toBeVisible();

    const expired = certificate(page, /\(302000001\) ALIYEV AKMAL KARIMOVICH \(срок истёк\)/);
    await expect(expired).toBeDisabled();
    // The same certificate as a file and on the token is listed once.
    await expect(certificate(page, /NAZAROVA GULNORA/)).toHaveCount(1);
    // A key with neither TIN nor PINFL is skipped.
    await expect(list.getByText(/HUJJAT DEMO TEST KEY/i)).toHaveCount(0);

    const signIn = page.getByRole('button', { name: 'Войти', exact: true });
    await expect(signIn).toBeDisabled();

    await page.getByLabel('Поиск сертификата по ИНН, организации или владельцу').fill('qurilish');
    await expect(certificate(page, /302000002/)).toHaveCount(2);
    await expect(certificate(page, /302000001/)).toHaveCount(0);
    await page.getByLabel('Поиск сертификата по ИНН, организации или владельцу').fill('');

    await certificate(page, DIRECTOR).check();
    await expect(signIn).toBeEnabled();
    await signIn.click();
    await expect(page).toHaveURL(/\/documents\/incoming$/);
    await expect(page.getByText('Вы вошли в систему')).toBeVisible();
    const profile = await sessionProfile(page);
    expect(profile).toMatchObject({ tin: '302000001', role: 'owner' });
    // The access token is kept in memory, not where page scripts can read it later.
    expect(await storageText(page)).not.toContain(profile.accessToken.split('.')[0]);
  });

  test('works from the keyboard: Tab reaches the list, Space chooses a key, Enter signs in', async ({
    page,
  }) => {
    await page.goto('/auth-inn');
    const search = page.getByLabel('Поиск сертификата по ИНН, организации или владельцу');
    await search.fill('302000003');
    const radio = certificate(page, /^\(302000003\)/);
    // As a person would: Tab once the list shows the keys found (the keys come from E-IMZO and the
    // filter follows the typing; a Tab before that went elsewhere on a busy machine).
    await expect(certificate(page, /302000001/)).toHaveCount(0);
    await expect(page.getByRole('radio').first()).toHaveAccessibleName(/^\(302000003\)/);
    await search.press('Tab');
    await expect(radio).toBeFocused();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/documents\/incoming$/);
  });

  test('a cancelled password dialog is an info notice and a wrong password an error', async ({ page }) => {
    await page.goto('/auth-inn');
    await certificate(page, /^\(302000003\)/).check();
    const signIn = page.getByRole('button', { name: 'Войти', exact: true });

    await scriptPasswordDialog(page, 'cancel');
    await signIn.click();
    await expect(page.getByText('Пароль не введён: ввод пароля отменён')).toBeVisible();
    await expect(page).toHaveURL(/\/auth-inn$/);

    await scriptPasswordDialog(page, 'wrong');
    await signIn.click();
    await expect(page.getByText('Неверный пароль ключа')).toBeVisible();
    await expect(page).toHaveURL(/\/auth-inn$/);
  });

  test('says E-IMZO is not running and how to install it when nothing answers', async ({ page }) => {
    await page.route('**/api/Config/client', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.eimzo.wsUrl = 'ws://127.0.0.1:9/service/cryptapi';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/auth-inn');
    await expect(page.getByRole('heading', { name: 'E-IMZO не запущен' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'e-imzo.soliq.uz' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeDisabled();
  });
});

test('password sign-in with remember-me keeps a persistent session cookie', async ({ page, context }) => {
  await page.goto('/auth-login');
  await page.getByLabel('Телефон или ИНН').fill(DEMO_LOGIN.phone);
  const password = page.getByLabel(/^Пароль\*?$/);
  await password.pressSequentially('Demo#2026ж');
  // Characters outside the spec's set are dropped as typed.
  await expect(password).toHaveValue(DEMO_LOGIN.password);
  await page.getByLabel('Запомнить меня').check();
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/documents\/incoming$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'hujjat_refresh');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000);
});

test('a wrong password shows the status code and the server message', async ({ page }) => {
  await page.goto('/auth-login');
  await page.getByLabel('Телефон или ИНН').fill(DEMO_LOGIN.tin);
  await page.getByLabel(/^Пароль\*?$/).fill('Wrong#2026');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('401: Неверный логин или пароль')).toBeVisible();
  await expect(page).toHaveURL(/\/auth-login$/);
});

test('registration of the fresh demo certificate, then password sign-in', async ({ page }) => {
  await page.goto('/registration');
  const certField = page.getByLabel('Сертификат ЭЦП');
  const email = page.getByLabel('Электронная почта');
  await expect(email).toBeDisabled();

  // A certificate whose organisation already has an account keeps the form closed.
  await certField.selectOption({ label: '(302000001) ALIYEV AKMAL KARIMOVICH' });
  await expect(page.getByText('Этот ИНН уже зарегистрирован в системе').first()).toBeVisible();
  await expect(email).toBeDisabled();

  await certField.selectOption({ label: '(412000005) SOBIROV OTABEK ILHOMOVICH (DEMO)' });
  await expect(email).toBeEnabled();
  await email.fill('otabek@example.uz');
  const phone = page.getByLabel('Телефон');
  await phone.click();
  await phone.pressSequentially('935551122');
  await expect(phone).toHaveValue('+998 (93) 555-11-22');
  await page.getByLabel(/^Пароль\*?$/).fill('Fresh#2026x');
  await page.getByLabel('Подтверждение пароля').fill('Fresh#2026x');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/auth-login$/);
  await expect(page.getByText('Регистрация завершена. Войдите с логином и паролем')).toBeVisible();

  await signInWithPassword(page, '998935551122', 'Fresh#2026x');
  expect(await sessionProfile(page)).toMatchObject({ pinfl: '52909960789012', email: 'otabek@example.uz' });
});
