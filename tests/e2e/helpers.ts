import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Puts a profile into localStorage so the route guard lets the shell render. It is not a session:
 * the server does not know this token, so use it only for screens that call no protected API.
 * Flows that talk to protected APIs sign in for real (see auth helpers).
 */
export async function enterShellWithoutSession(page: Page, profile: Record<string, unknown> = {}) {
  await page.goto('/maintenance');
  await page.evaluate((p) => {
    localStorage.setItem('profile', JSON.stringify({ accessToken: 'shell-only', ...p }));
  }, profile);
}

export async function clearSession(page: Page) {
  await page.goto('/maintenance');
  await page.evaluate(() => localStorage.clear());
}

/** Serious or critical accessibility violations on the current page (axe-core). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}
