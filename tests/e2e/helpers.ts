import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Lets the route guard render the shell without a real session: the page's start-up renewal of the
 * access token (GET /api/Auth/refreshToken, after the "signed in" marker) is answered with this
 * profile, and the shell's own signed-in call (the notifications bell) with an empty list. The server
 * does not know the token, so use it only for screens that call no other protected API. Flows that
 * talk to protected APIs sign in for real (see auth helpers).
 */
export async function enterShellWithoutSession(page: Page, profile: Record<string, unknown> = {}) {
  await page.route('**/api/Auth/refreshToken', (route) =>
    route.fulfill({ json: { success: true, data: { accessToken: 'shell-only', ...profile } } }),
  );
  await page.route('**/api/CabinetNotification/getList*', (route) =>
    route.fulfill({ json: { rows: [], unreadCount: 0, totalCount: 0 } }),
  );
  // The menu counts need a real session: refused, they would end the made-up one.
  await page.route('**/api/Document/getCounts*', (route) =>
    route.fulfill({
      json: { success: true, data: { incoming: 0, incomingAwaiting: 0, outgoing: 0, drafts: 0, deleted: 0 } },
    }),
  );
  await page.goto('/maintenance');
  await page.evaluate(() => localStorage.setItem('hujjat.signedIn', '1'));
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
