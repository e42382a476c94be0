import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInWithPassword } from './authHelpers';

// Issue 27.4 end to end: an accountant serving two companies switches between them in the header; the
// choice survives a reload, and a second tab left open follows at once instead of acting for the old one.

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** A demo person no other spec signs in, staff of XK «Demo Logistika» and AJ «Demo Qurilish». */
const PERSON = {
  name: 'Tursunova Dilnoza (demo)',
  pinfl: '50101900000039',
  phone: '907770009',
  password: 'Ikki#2026tashkilot',
};
const LOGISTIKA = { director: '998901000003', name: /Demo Logistika/ };
const QURILISH = { director: '998901000002', name: /Demo Qurilish/ };
const SHOTS = 'docs/screenshots/org';

async function tokenOf(request: APIRequestContext, phone: string, password = 'Demo#2026') {
  const res = await request.post('/api/Auth/Login', { data: { phone, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.accessToken as string;
}

/** Adds the person to the director's organisation unless she is a member already (a retry). */
async function ensureMember(request: APIRequestContext, director: string, roleId: string) {
  const headers = { authorization: `Bearer ${await tokenOf(request, director)}` };
  const staff = await request.get('/api/Auth/getUserFullList', { headers });
  const rows = (await staff.json()).data.rows as Array<{ pinfl: string | null }>;
  if (rows.some((r) => r.pinfl === PERSON.pinfl)) return;
  const added = await request.post('/api/Auth/addUser', {
    headers,
    data: {
      FullName: PERSON.name,
      Pinfl: PERSON.pinfl,
      Phone: `+998${PERSON.phone}`,
      Password: PERSON.password,
      roleId,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

const switcher = (page: Page) => page.getByTestId('org-switch');

test('a member of two organisations switches in the header; a reload and a second tab follow', async ({
  page,
  request,
}) => {
  await ensureMember(request, LOGISTIKA.director, '00000000-0000-4000-8000-000000000002');
  await ensureMember(request, QURILISH.director, '00000000-0000-4000-8000-000000000004');
  await signInWithPassword(page, PERSON.phone, PERSON.password);
  const first = (await switcher(page).textContent()) ?? '';
  const [from, to] = LOGISTIKA.name.test(first) ? [LOGISTIKA, QURILISH] : [QURILISH, LOGISTIKA];
  await expect(switcher(page)).toContainText(from.name);

  // A second tab of the same browser, acting for the same organisation.
  const other = await page.context().newPage();
  await other.goto('/documents/drafts');
  await expect(switcher(other)).toContainText(from.name);

  await switcher(page).click();
  const panel = page.getByRole('region', { name: 'Организация' });
  await expect(panel.getByRole('button', { name: from.name })).toHaveAttribute('aria-current', 'true');
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/switch-open-ru-1280.png` });
  await panel.getByRole('button', { name: to.name }).click();
  await expect(page.getByText(/Вы действуете от имени/)).toBeVisible();
  await expect(switcher(page)).toContainText(to.name);
  await expect(page).toHaveURL(/\/documents\/incoming$/);

  // The other tab heard of it and shows the new organisation, saying why.
  await expect(switcher(other)).toContainText(to.name);
  await expect(other.getByText(/В другой вкладке выбрана организация/)).toBeVisible();

  // A reload keeps the choice (the session of the refresh cookie is the chosen organisation's).
  await page.reload();
  await expect(switcher(page)).toContainText(to.name);
  await other.close();

  if (process.env.E2E_SCREENSHOTS) {
    for (const [lang, region] of [
      ['uz', 'Tashkilot'],
      ['en', 'Organisation'],
      ['ru', 'Организация'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('user-locale', l), lang);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await page.reload();
        await switcher(page).click();
        await expect(page.getByRole('region', { name: region })).toBeVisible();
        await expect(page.getByRole('region', { name: region }).getByRole('button').first()).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/switch-${lang}-${width}.png` });
        await page.keyboard.press('Escape');
      }
    }
  }
});
