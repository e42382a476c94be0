import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN, sessionProfile, signInWithPassword, storageText } from './authHelpers';
import { clearSession } from './helpers';

// The built app under the server's Content-Security-Policy (issue 18): no script, style or connection
// of the app is refused, the E-IMZO plug-in socket is reachable, the API documentation works, and the
// session lives through a reload without the access token in storage.

const SHOTS =
  process.env.HARDENING_SHOTS || path.resolve(import.meta.dirname, '../../test-results/hardening');

/** Records every CSP violation the page reports (and Chromium's console refusals). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy|Refused to/i.test(text)) violations.push(text);
  });
  return violations;
}

test('the app runs under its CSP: sign-in, lists, a form, the catalogue, help', async ({ page }) => {
  const violations = await watchCsp(page);
  await clearSession(page);
  const answer = await page.request.get('/');
  const csp = answer.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe');

  await page.goto('/auth-inn');
  // The certificate list comes from the plug-in's WebSocket (the emulator): connect-src allows it.
  await expect(page.getByRole('group', { name: 'Сертификаты E-IMZO' })).toBeVisible();
  await signInWithPassword(page);
  await page.screenshot({ path: path.join(SHOTS, 'incoming-under-csp.png') });
  // A form page: precompiled validators, the product table, masks — no eval, no inline style.
  await page.goto('/documents/create?kind=invoice');
  await expect(page.locator('main form').first()).toBeVisible();
  await expect(page.locator('main input').first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'invoice-form-under-csp.png'), fullPage: false });
  await page.goto('/gnccatalog');
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.goto('/help');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API documentation works under its CSP', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/api/docs/');
  // The whole OpenAPI document loads first: give it time on a busy machine.
  await expect(page.getByRole('heading', { name: /Hujjat API/ })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('link', { name: '/api/health' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'api-docs-under-csp.png') });
  expect(violations).toEqual([]);
});

test('a reload keeps the session, renewed from the cookie; no token in storage', async ({ page }) => {
  const violations = await watchCsp(page);
  await clearSession(page);
  await signInWithPassword(page);
  await page.goto('/documents/outgoing');
  await expect(page).toHaveURL(/\/documents\/outgoing$/);
  await page.reload();
  // Not sent to sign-in: the page renewed its token from the refresh cookie before deciding.
  await expect(page).toHaveURL(/\/documents\/outgoing$/);
  await expect(page.getByRole('banner')).toContainText('Demo Savdo');
  await page.screenshot({ path: path.join(SHOTS, 'after-reload.png') });
  // The reloaded page was revalidated (304) and kept its own policy: nothing was blocked.
  expect(violations).toEqual([]);
  const profile = await sessionProfile(page);
  const stored = await storageText(page);
  expect(stored).toContain('hujjat.signedIn');
  expect(stored).not.toContain(profile.accessToken.split('.')[0]);
  expect(stored).not.toContain(DEMO_LOGIN.phone);
});

test('signing out in one tab signs the other tab out', async ({ page, context }) => {
  await clearSession(page);
  await signInWithPassword(page);
  const other = await context.newPage();
  await other.goto('/documents/drafts');
  await expect(other).toHaveURL(/\/documents\/drafts$/);
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth-inn$/);
  await expect(other).toHaveURL(/\/auth-inn$/);
});
