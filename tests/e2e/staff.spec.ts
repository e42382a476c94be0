import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN, signInWithPassword } from './authHelpers';
import { expectNoSeriousA11yViolations } from './helpers';

// Company staff, roles and access end to end (issue 15): the director makes a role with rights to
// invoices only and adds an accountant with it; the accountant signs in, signs and sends an invoice
// with their own key, cannot open the waybill create page nor send a waybill through the API; a
// manager prepares an invoice and sends it for approval, the accountant approves, the director signs;
// the director deletes the accountant after the "deleted forever" confirmation.

test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });
test.setTimeout(240_000);

/**
 * The accountant is a demo individual whose personal demo key the emulator holds, and whom no other
 * spec signs in: a person who already has an account is linked when added (no initial password), and
 * the later tests sign her in by phone and password.
 */
const ACCOUNTANT = {
  name: 'Yusupova Madina Shavkatovna (demo)',
  pinfl: '42511950567895',
  phone: '907770001',
  password: 'Hisob#2026',
};
const MANAGER = {
  name: 'Karimov Sardor (demo)',
  pinfl: '50101900000015',
  phone: '907770002',
  password: 'Menejer#2026',
};
const ROLE_NAME = 'Только счета-фактуры (demo)';
const SCREENSHOTS = 'docs/screenshots/staff';
const invoice = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
const draftOf = (number: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: DEMO_LOGIN.tin,
  BuyerTin: '302000002',
  ProductList: { ...invoice.ProductList, Tin: DEMO_LOGIN.tin },
});

async function session(browser: Browser, phone: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithPassword(page, phone, password);
  return { context, page };
}

async function apiToken(request: APIRequestContext, phone: string, password = DEMO_LOGIN.password) {
  const res = await request.post('/api/Auth/Login', { data: { phone, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.accessToken as string;
}

async function addDraft(request: APIRequestContext, token: string, kind: string, content: object) {
  const res = await request.post(`/api/Document/add?kind=${kind}`, {
    data: content,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.id as string;
}

/** A retry starts clean: the people and the role this walk adds are removed if an earlier try left them. */
async function removeStaff(request: APIRequestContext, pinfls: string[]) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO_LOGIN.phone)}` };
  const list = await request.get('/api/Auth/getUsersList?pageSize=100', { headers });
  expect(list.ok(), await list.text()).toBe(true);
  const rows = (await list.json()).data.rows as { userId: string; pinfl: string | null }[];
  for (const row of rows.filter((r) => r.pinfl && pinfls.includes(r.pinfl))) {
    const res = await request.delete(`/api/Auth/deleteUser?id=${row.userId}`, { headers });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // And the role it makes (its name is unique among the organisation's live roles).
  const roles = await request.get('/api/Roles/list', { headers });
  for (const role of ((await roles.json()).data.rows as { id: string; name: string }[]).filter(
    (r) => r.name === ROLE_NAME,
  )) {
    const res = await request.delete(`/api/Roles/delete?id=${role.id}`, { headers });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** Signs in the key dialog with the key whose label matches (the emulator types the password). */
async function signWith(page: Page, key: RegExp | null) {
  const dialog = page.getByRole('dialog', { name: /выбор ключа/ });
  if (key) await dialog.getByRole('radio', { name: key }).check();
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** A pattern matching the text as written (the names carry '(demo)', which a RegExp would read as a group). */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Действия с документом' });
const badge = (page: Page) => page.locator('.doc-view-title .status-badge');

test('the director makes an invoices-only role and adds an accountant with it', async ({
  browser,
  request,
}) => {
  await removeStaff(request, [ACCOUNTANT.pinfl, MANAGER.pinfl]);
  const { page, context } = await session(browser, DEMO_LOGIN.phone);
  await page.goto('/settings/staff');
  await expect(page.getByRole('heading', { name: 'Сотрудники', level: 1 })).toBeVisible();

  // A role with the four rights of invoices only, through the kinds × rights matrix.
  await page.getByRole('tab', { name: 'Роли и права' }).click();
  await page.getByRole('button', { name: 'Новая роль' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Новая роль' });
  await roleDialog.getByLabel('Название').fill(ROLE_NAME);
  await roleDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(roleDialog).toBeHidden();
  const rights = page.locator('section[aria-labelledby="role-rights-title"]');
  await expect(rights.getByRole('heading', { name: `Права роли «${ROLE_NAME}»` })).toBeVisible();
  for (const right of ['Просмотр', 'Создание и черновики', 'Отправка и отмена', 'Принятие и отказ']) {
    await rights.getByRole('checkbox', { name: `Счёт-фактура: ${right}`, exact: true }).check();
  }
  await rights.getByRole('button', { name: 'Сохранить' }).click();
  // The role's creation said the same moments ago: its toast may still show.
  await expect(page.getByText('Роль сохранена').last()).toBeVisible();
  // Built-in roles are read-only.
  await page.getByRole('button', { name: 'Наблюдатель', exact: true }).click();
  await expect(rights.getByRole('checkbox', { name: 'Счёт-фактура: Просмотр', exact: true })).toBeDisabled();

  // The accountant: a person by PINFL, with a phone and an initial password to sign in with.
  await page.getByRole('tab', { name: 'Сотрудники' }).click();
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый сотрудник' });
  await dialog.getByLabel('ФИО').fill(ACCOUNTANT.name);
  await dialog.getByLabel('ПИНФЛ').fill(ACCOUNTANT.pinfl);
  const phone = dialog.getByLabel('Телефон (для входа по паролю)');
  await phone.click();
  await phone.pressSequentially(ACCOUNTANT.phone);
  await dialog.getByLabel('Начальный пароль').fill(ACCOUNTANT.password);
  // Anchored: 'Начальный пароль' contains 'роль' (getByLabel matches substrings, case-insensitively).
  await dialog.getByLabel(/^Роль\*?$/).selectOption({ label: ROLE_NAME });
  // The success toast lives 4 s: watch for it from the click on, so a slow dialog close cannot hide it.
  // A person who already signed in (earlier specs use this demo key) is linked, with its own message.
  const toastShown = page
    .getByText(/^(Сотрудник добавлен|У .+ уже есть учётная запись: добавлен\(а\))/)
    .waitFor({ state: 'visible', timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Добавить сотрудника' }).click();
  await toastShown;
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: literally(ACCOUNTANT.name) });
  await expect(row).toContainText(ROLE_NAME);

  // The manager is added through the API (the same Auth/addUser).
  const token = await apiToken(request, DEMO_LOGIN.phone);
  const manager = await request.post('/api/Auth/addUser', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      FullName: MANAGER.name,
      Pinfl: MANAGER.pinfl,
      Phone: `+998${MANAGER.phone}`,
      Password: MANAGER.password,
      roleId: '00000000-0000-4000-8000-000000000003',
    },
  });
  expect(manager.ok(), await manager.text()).toBe(true);

  // Her access: the role's rights, kinds × rights.
  await page.reload();
  await page.getByRole('button', { name: `Доступ: ${ACCOUNTANT.name}` }).click();
  const access = page.getByRole('dialog', { name: `Доступ: ${ACCOUNTANT.name}` });
  await expect(
    access.getByRole('checkbox', { name: 'Счёт-фактура: Отправка и отмена', exact: true }),
  ).toBeChecked();
  await expect(
    access.getByRole('checkbox', { name: 'Товарно-транспортная накладная: Отправка и отмена', exact: true }),
  ).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  const shots = Boolean(process.env.E2E_SCREENSHOTS);
  if (shots) await page.screenshot({ path: `${SCREENSHOTS}/staff-access-1280.png` });
  await access.getByRole('button', { name: 'Закрыть' }).click();
  await expect(access).toBeHidden();
  if (shots) {
    await page.screenshot({ path: `${SCREENSHOTS}/staff-1280.png`, fullPage: true });
    // 375 px as a phone opens it: a fresh load (no scroll or focus left from the wide layout).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('row', { name: literally(ACCOUNTANT.name) })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/staff-375.png`, fullPage: true });
    await page.getByRole('button', { name: `Доступ: ${ACCOUNTANT.name}` }).click();
    await expect(access).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/staff-access-375.png` });
    await access.getByRole('button', { name: 'Закрыть' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The requisites page names the company's region and district (the district list of the region
  // chosen, in a form whose ids carry its own prefix), not the bare SOATO code.
  await page.goto('/settings/requisite');
  await expect(page.getByRole('heading', { name: 'Расчётные счета' })).toBeVisible();
  await expect(page.locator('#company_RegionId option:checked')).toHaveText('город Ташкент');
  await expect(page.locator('#company_DistrictId option:checked')).toHaveText('Чиланзарский район');
  await expect(page.locator('#company_DistrictId')).toBeEnabled();
  if (shots) {
    await page.screenshot({ path: `${SCREENSHOTS}/requisite-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.locator('#company_DistrictId option:checked')).toHaveText('Чиланзарский район');
    await page.screenshot({ path: `${SCREENSHOTS}/requisite-375.png`, fullPage: true });
  }
  await context.close();
});

test('the accountant sends an invoice with her own key and cannot touch waybills', async ({
  browser,
  request,
}) => {
  const { page, context } = await session(browser, `998${ACCOUNTANT.phone}`, ACCOUNTANT.password);
  const token = await apiToken(request, `998${ACCOUNTANT.phone}`, ACCOUNTANT.password);
  // The chooser offers only what she may create.
  await page.goto('/documents/create');
  await expect(page.locator('a.kind-card[href$="kind=invoice"]')).toBeVisible();
  await expect(page.locator('a.kind-card[href$="kind=waybill"]')).toHaveCount(0);
  await page.goto('/documents/create?kind=waybill');
  await expect(page.getByTestId('no-authority')).toHaveText('Нет полномочий для этого вида документов');

  const id = await addDraft(request, token, 'invoice', draftOf(`ST-${Date.now().toString(36)}`));
  await page.goto(`/documents/${id}`);
  await toolbar(page).getByRole('button', { name: 'Подписать и отправить' }).click();
  await signWith(page, /YUSUPOVA MADINA/i);
  await expect(badge(page)).toHaveText('Ожидает подписи контрагента');

  // Waybills through the API: she may not add one, nor send the one the director prepared.
  const director = await apiToken(request, DEMO_LOGIN.phone);
  const waybill = JSON.parse(
    readFileSync('schemas/documents/waybill/fixtures/valid/01-car-seller-to-buyer.json', 'utf8'),
  );
  const ours = {
    ...waybill,
    WaybillLocalId: '',
    Consignor: { TinOrPinfl: DEMO_LOGIN.tin, Name: 'OOO «Demo Savdo» (demo)' },
    Consignee: { TinOrPinfl: '302000002', Name: 'AJ «Demo Qurilish» (demo)' },
  };
  const add = await request.post('/api/Document/add?kind=waybill', {
    data: ours,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(add.status(), await add.text()).toBe(403);
  expect((await add.json()).code).toBe('NO_AUTHORITY');
  const waybillId = await addDraft(request, director, 'waybill', ours);
  for (const action of ['send', 'delete']) {
    const url =
      action === 'send'
        ? `/api/DocumentSignAction/getModelSign?documentId=${waybillId}&action=send`
        : `/api/Document/delete?documentId=${waybillId}`;
    const res = await request.fetch(url, {
      method: action === 'send' ? 'GET' : 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), `${action}: ${await res.text()}`).toBe(403);
    expect((await res.json()).code).toBe('NO_AUTHORITY');
  }
  // The director still sees it as he left it.
  const still = await request.get(`/api/Document/getById?documentId=${waybillId}`, {
    headers: { authorization: `Bearer ${director}` },
  });
  expect(still.ok(), await still.text()).toBe(true);
  await context.close();
});

test('a manager sends an invoice for approval, the accountant approves, the director signs', async ({
  browser,
  request,
}) => {
  const managerToken = await apiToken(request, `998${MANAGER.phone}`, MANAGER.password);
  const number = `AP-${Date.now().toString(36)}`;
  const id = await addDraft(request, managerToken, 'invoice', draftOf(number));

  // The manager: view, create — no signing; sends it to the accountant for approval.
  const manager = await session(browser, `998${MANAGER.phone}`, MANAGER.password);
  await manager.page.goto(`/documents/${id}`);
  const panel = manager.page.getByTestId('agreement-panel');
  await expect(toolbar(manager.page).getByRole('button', { name: 'Подписать и отправить' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Отправить на согласование' }).click();
  const send = manager.page.getByRole('dialog', { name: 'Отправить на согласование' });
  await send.getByRole('checkbox', { name: literally(ACCOUNTANT.name) }).check();
  await send.getByLabel('Комментарий').fill('Проверьте цены, пожалуйста');
  await send.getByRole('button', { name: 'Отправить на согласование' }).click();
  await expect(send).toBeHidden();
  await expect(panel.getByTestId('agreement-status')).toHaveText('Ожидает согласования');
  await expectNoSeriousA11yViolations(manager.page);
  await manager.context.close();

  // The accountant approves in her turn.
  const accountant = await session(browser, `998${ACCOUNTANT.phone}`, ACCOUNTANT.password);
  await accountant.page.goto(`/documents/${id}`);
  const her = accountant.page.getByTestId('agreement-panel');
  await her.getByRole('button', { name: 'Согласовать', exact: true }).click();
  const approve = accountant.page.getByRole('alertdialog', { name: 'Согласовать документ' });
  await approve.getByLabel('Комментарий').fill('Цены верны');
  await approve.getByRole('button', { name: 'Согласовать' }).click();
  await expect(her.getByTestId('agreement-status')).toHaveText('Согласован');
  await accountant.context.close();

  // The director sees the approvals, then signs and sends.
  const director = await session(browser, DEMO_LOGIN.phone);
  await director.page.goto(`/documents/${id}`);
  const his = director.page.getByTestId('agreement-panel');
  await expect(his.getByTestId('agreement-status')).toHaveText('Согласован');
  await expect(his).toContainText(`${ACCOUNTANT.name} — согласовал(а)`);
  await expect(his).toContainText('Цены верны');
  await toolbar(director.page).getByRole('button', { name: 'Подписать и отправить' }).click();
  await signWith(director.page, null);
  await expect(badge(director.page)).toHaveText('Ожидает подписи контрагента');
  await director.context.close();
});

test('the director deletes the accountant after the "deleted forever" confirmation', async ({ browser }) => {
  const accountant = await session(browser, `998${ACCOUNTANT.phone}`, ACCOUNTANT.password);
  const { page, context } = await session(browser, DEMO_LOGIN.phone);
  await page.goto('/settings/staff');
  await page.getByRole('button', { name: `Удалить: ${ACCOUNTANT.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Удалить сотрудника ${ACCOUNTANT.name}?` });
  await expect(confirm).toContainText('Данные будут удалены навсегда');
  await confirm.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(page.getByText(`${ACCOUNTANT.name}: сотрудник удалён`)).toBeVisible();
  await expect(page.getByRole('row', { name: literally(ACCOUNTANT.name) })).toHaveCount(0);
  // Her open session ends at once: the next call is refused and she lands on the sign-in screen.
  await accountant.page.goto('/settings/account');
  await expect(accountant.page).toHaveURL(/auth-inn/);
  await context.close();
  await accountant.context.close();
});
