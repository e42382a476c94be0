import { expect, type Page } from '@playwright/test';

/** DEMO ONLY: the seeded director of OOO «Demo Savdo» (docs/auth.md). */
export const DEMO_LOGIN = { phone: '998901000001', tin: '302000001', password: 'Demo#2026' };

/** The emulator's control channel of this run, as the server reports it in demo mode (docs/signing.md). */
async function emulatorControlUrl(page: Page): Promise<string> {
  const res = await page.request.get('/api/Config/client');
  const url = (await res.json()).emulator?.controlUrl as string | undefined;
  expect(url, 'the demo server reports the emulator control URL').toBeTruthy();
  return url!;
}

/** Scripts the emulator's password dialog for the next key use: type the password, cancel, or a wrong one. */
export async function scriptPasswordDialog(page: Page, mode: 'enter' | 'cancel' | 'wrong') {
  const res = await page.request.post(`${await emulatorControlUrl(page)}/password`, {
    data: { mode, once: true },
  });
  expect(res.ok()).toBe(true);
}

export async function resetEmulator(page: Page) {
  const res = await page.request.post(`${await emulatorControlUrl(page)}/reset`);
  expect(res.ok()).toBe(true);
}

/** A real session (server-issued tokens) through the password screen. */
export async function signInWithPassword(
  page: Page,
  login = DEMO_LOGIN.phone,
  password = DEMO_LOGIN.password,
) {
  await page.goto('/auth-login');
  await page.getByLabel('Телефон или ИНН').fill(login);
  await page.getByLabel(/^Пароль\*?$/).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/documents\/incoming$/);
}

/**
 * The signed-in page's session as the server sees it: a fresh profile (with an access token for API
 * calls) renewed from the page's own httpOnly refresh cookie. The page keeps its token in memory,
 * out of reach of scripts, so tests do not read it from the page.
 */
export async function sessionProfile(page: Page): Promise<Record<string, unknown> & { accessToken: string }> {
  const res = await page.request.post('/api/Auth/refreshToken', { data: {} });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

/** What page scripts can read from storage: no token may be there. */
export async function storageText(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
}
