import { expect, type Page } from '@playwright/test';

/** DEMO ONLY: the seeded director of OOO «Demo Savdo» (docs/auth.md). */
export const DEMO_LOGIN = { phone: '998901000001', tin: '302000001', password: 'Demo#2026' };

/** Where the emulator's control channel listens in this run (EIMZO_EMULATOR_SERVER_PORT, docs/signing.md). */
export const emulatorControlUrl = () => `http://127.0.0.1:${process.env.EIMZO_EMULATOR_SERVER_PORT || 64647}/control`;

/** Scripts the emulator's password dialog for the next key use: type the password, cancel, or a wrong one. */
export async function scriptPasswordDialog(page: Page, mode: 'enter' | 'cancel' | 'wrong') {
  const res = await page.request.post(`${emulatorControlUrl()}/password`, { data: { mode, once: true } });
  expect(res.ok()).toBe(true);
}

export async function resetEmulator(page: Page) {
  await page.request.post(`${emulatorControlUrl()}/reset`);
}

/** A real session (server-issued tokens) through the password screen. */
export async function signInWithPassword(page: Page, login = DEMO_LOGIN.phone, password = DEMO_LOGIN.password) {
  await page.goto('/auth-login');
  await page.getByLabel('Телефон или ИНН').fill(login);
  await page.getByLabel(/^Пароль\*?$/).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/documents\/incoming$/);
}
