import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { DEMO_LOGIN, signInWithPassword } from './authHelpers';
import { expectNoSeriousA11yViolations } from './helpers';

// The document workspace end to end (issue 13): two browser contexts for two demo organisations,
// the E-IMZO emulator signing every step. A creates an invoice, saves a draft, signs and sends; B
// sees its "waiting for me" count rise without a reload, rejects with a reason; A sees it, copies,
// fixes and re-sends; B accepts; both see it signed with two signatures and its history. A waybill
// goes through the responsible person to delivery. Binning on one side leaves the other's list
// alone; restore; delete forever. Axe on every new screen, and a 375 px pass.

test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });
test.setTimeout(240_000);

const QURILISH = { phone: '998901000002', tin: '302000002', name: 'AJ «Demo Qurilish» (demo)' };
const SAVDO = { phone: DEMO_LOGIN.phone, tin: DEMO_LOGIN.tin, name: 'OOO «Demo Savdo» (demo)' };
/** A demo individual: the waybill's responsible person, signing in with the personal demo key. */
const RESPONSIBLE = { pinfl: '31707920456784' };
const SCREENSHOTS = 'docs/screenshots/workspace';
const INVOICE = 'schemas/documents/invoice/fixtures/valid/01-standard.json';
const WAYBILL = 'schemas/documents/waybill/fixtures/valid/01-car-seller-to-buyer.json';
const NUMBER = `E2E-${Date.now().toString(36).toUpperCase()}`;

async function newSession(browser: Browser, phone: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithPassword(page, phone);
  return { context, page };
}

const cell = (page: Page, field: string, row = 0) =>
  page.locator(`#root_ProductList_Products_${row}_${field}`);

/** A product-table cell rests as text; a click opens its editor; Tab commits. */
async function typeInCell(page: Page, field: string, text: string) {
  await cell(page, field).click();
  const input = page.locator(`input#root_ProductList_Products_0_${field}`);
  await expect(input).toBeFocused();
  await input.fill(text);
  await page.keyboard.press('Tab');
}

/** Signs in the key dialog with the first (remembered or own) key; the emulator types the password. */
async function signInDialog(page: Page, title: RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/**
 * The number beside a menu item (0 when the item shows none). The element holds the number for the
 * eye and, visually hidden, the same count in words for screen readers ("62 черновика").
 */
async function menuCount(page: Page, item: 'incoming' | 'drafts') {
  const nav = page.getByRole('navigation', { name: 'Главное меню' });
  await expect(nav).toBeVisible();
  const count = page.getByTestId(`menu-count-${item}`);
  // The counts load with the menu: give them a moment before reading "none".
  await count.waitFor({ timeout: 5_000 }).catch(() => undefined);
  if ((await count.count()) === 0) return 0;
  return Number(await count.locator('[aria-hidden]').textContent());
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Действия с документом' });
const badge = (page: Page) => page.locator('.doc-view-title .status-badge');

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}

/** A bearer token of a separate session (setting up data the walk does not need to type). */
async function apiToken(request: APIRequestContext, phone: string) {
  const res = await request.post('/api/Auth/Login', { data: { phone, password: DEMO_LOGIN.password } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.accessToken as string;
}

test('invoice: draft, sign and send; reject with a reason; copy, fix, re-send; accept', async ({
  browser,
}) => {
  const a = await newSession(browser, SAVDO.phone);
  const b = await newSession(browser, QURILISH.phone);

  // B waits on its incoming list; its menu shows what waits for it.
  await b.page.goto('/documents/incoming');
  const bAwaiting = b.page.getByTestId('menu-count-incoming');
  const before = await menuCount(b.page, 'incoming');

  // A: the menu's "Create document" leads to the chooser, then to the invoice form.
  await a.page
    .getByRole('navigation', { name: 'Главное меню' })
    .getByRole('link', { name: 'Создать документ' })
    .click();
  await expect(a.page).toHaveURL(/\/documents\/create$/);
  const draftsBefore = await menuCount(a.page, 'drafts');
  await a.page.locator('a.kind-card[href$="kind=invoice"]').click();
  await expect(a.page.getByRole('heading', { name: 'Новый документ: Счёт-фактура' })).toBeVisible();
  // The seller is the signed-in organisation, with its requisites; the date is today.
  await expect(a.page.locator('#root_SellerTin')).toHaveValue(SAVDO.tin);
  await expect(a.page.locator('#root_Seller_Name')).toHaveValue(SAVDO.name);
  await expect(a.page.locator('#root_Seller_Director')).not.toHaveValue('');
  await a.page.locator('#root_FacturaDoc_FacturaNo').fill(NUMBER);
  await a.page.locator('#root_ContractDoc_ContractNo').fill('7/2026');
  await a.page.locator('#root_ContractDoc_ContractDate').click();
  await a.page.keyboard.type('01.11.2026');
  // The buyer by TIN: every requisite the server knows.
  await a.page.locator('#root_BuyerTin').fill(QURILISH.tin);
  await expect(a.page.locator('#root_Buyer_Name')).toHaveValue(QURILISH.name);
  await expect(a.page.locator('#root_Buyer_Director')).not.toHaveValue('');
  await expect(a.page.locator('#root_Buyer_Account')).not.toHaveValue('');

  await a.page.getByRole('button', { name: 'Добавить строку' }).click();
  await expect(a.page.locator('.pt tr[data-index="0"]')).toBeVisible();
  // A new line starts with the VAT rate in force today, and shows no errors before it is typed in.
  await expect(a.page.locator('select#root_ProductList_Products_0_VatRate')).toHaveValue('12');
  await expect(a.page.locator('tr[data-index="0"] .pt-cell-error')).toHaveCount(0);
  await typeInCell(a.page, 'CatalogCode', '00902001001031001');
  await typeInCell(a.page, 'CatalogName', 'Зеленый чай');
  await typeInCell(a.page, 'Name', 'Чай зелёный 100 г');
  await typeInCell(a.page, 'PackageCode', '1392342');
  await typeInCell(a.page, 'PackageName', 'шт.');
  await typeInCell(a.page, 'Count', '10');
  await typeInCell(a.page, 'Summa', '12500');
  await a.page.locator('select#root_ProductList_Products_0_Origin').selectOption('2');
  await expect(cell(a.page, 'DeliverySumWithVat')).toHaveText('140\u202f000,00');
  await expect(a.page.getByText('Есть несохранённые изменения')).toBeVisible();

  // The window as the person sees it now (a full-page capture would paint the fixed header and the
  // sticky action bar over the middle of a scrolled form).
  if (process.env.E2E_SCREENSHOTS) await a.page.screenshot({ path: `${SCREENSHOTS}/create-1280.png` });
  await expectNoSeriousA11yViolations(a.page);

  // Save draft: the draft is kept and the page becomes its edit page.
  await a.page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(a.page).toHaveURL(/\/documents\/update\/[0-9a-f-]{36}$/);
  await expect(a.page.getByText('Черновик сохранён')).toBeVisible();
  // The drafts count beside the menu item (the demo data has drafts of its own) rises by one.
  await expect(a.page.getByTestId('menu-count-drafts').locator('[aria-hidden]')).toHaveText(
    String(draftsBefore + 1),
  );

  // Sign and send: the exact bytes of the draft, with A's own key; then its view.
  await a.page.getByRole('button', { name: 'Подписать и отправить' }).click();
  await signInDialog(a.page, /Подписать и отправить: выбор ключа/);
  await expect(a.page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  await expect(badge(a.page)).toHaveText('Ожидает подписи контрагента');
  await expect(a.page.getByText('Документ подписан')).toBeVisible();
  const firstId = a.page.url().split('/').pop() as string;

  // B: the count rises without a reload (polled), the list shows it with the days left.
  await expect(bAwaiting.locator('[aria-hidden]')).toHaveText(String(before + 1), { timeout: 40_000 });
  const row = b.page.getByRole('row', { name: new RegExp(NUMBER) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Ожидает вашей подписи');
  await expect(row).toContainText(/осталось \d+ дн|остался 1 день/);
  // Every column (the days left too) fits at 1280 px beside the menu, without scrolling the table.
  const table = await b.page
    .locator('.doc-table-wrap')
    .first()
    .evaluate((el) => ({ table: el.scrollWidth, wrap: el.clientWidth }));
  expect(table.table, JSON.stringify(table)).toBeLessThanOrEqual(table.wrap);
  if (process.env.E2E_SCREENSHOTS) await b.page.screenshot({ path: `${SCREENSHOTS}/incoming-1280.png` });
  await expectNoSeriousA11yViolations(b.page);

  // B rejects: the reason is required, then signed.
  await row.getByRole('link', { name: NUMBER }).click();
  await expect(badge(b.page)).toHaveText('Ожидает вашей подписи');
  await expect(toolbar(b.page).getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  await toolbar(b.page).getByRole('button', { name: 'Отказать' }).click();
  const reasonDialog = b.page.getByRole('dialog', { name: 'Отказать: причина' });
  await reasonDialog.getByRole('button', { name: 'Далее' }).click();
  await expect(reasonDialog.getByRole('alert')).toHaveText('Укажите причину');
  await reasonDialog.getByLabel(/Причина/).fill('Цена не по договору: 12 000 сум за упаковку');
  await reasonDialog.getByRole('button', { name: 'Далее' }).click();
  await signInDialog(b.page, /Отказать: выбор ключа/);
  await expect(badge(b.page)).toHaveText('Отклонён');

  // A sees the rejection and the reason (its view refetches on focus; a reload is not needed).
  await a.page.goto('/documents/outgoing');
  await a.page.getByRole('link', { name: NUMBER }).click();
  await expect(badge(a.page)).toHaveText('Отклонён');
  await expect(a.page.locator('.doc-reason')).toContainText('Цена не по договору: 12 000 сум за упаковку');

  // A copies, fixes the price, re-sends.
  await toolbar(a.page).getByRole('button', { name: 'Копировать' }).click();
  await expect(a.page).toHaveURL(/\/documents\/update\/[0-9a-f-]{36}$/);
  // A copy is a new document: no number yet (issue 26), today's date.
  await expect(a.page.locator('#root_FacturaDoc_FacturaNo')).toHaveValue('');
  await a.page.locator('#root_FacturaDoc_FacturaNo').fill(`${NUMBER}-2`);
  await typeInCell(a.page, 'Summa', '12000');
  await expect(cell(a.page, 'DeliverySumWithVat')).toHaveText('134\u202f400,00');
  await a.page.getByRole('button', { name: 'Подписать и отправить' }).click();
  await signInDialog(a.page, /Подписать и отправить: выбор ключа/);
  await expect(badge(a.page)).toHaveText('Ожидает подписи контрагента');
  expect(a.page.url()).not.toContain(firstId);

  // B accepts the corrected one.
  await b.page.goto('/documents/incoming');
  await b.page.getByRole('link', { name: `${NUMBER}-2` }).click();
  await toolbar(b.page).getByRole('button', { name: 'Подписать', exact: true }).click();
  await signInDialog(b.page, /Подписать: выбор ключа/);
  await expect(badge(b.page)).toHaveText('Подписан');

  // Both see it signed, two signatures, the history.
  for (const page of [a.page, b.page]) {
    await page.reload();
    await expect(badge(page)).toHaveText('Подписан');
    const signatures = page.getByRole('region', { name: 'Подписи (2)' });
    await expect(signatures.locator('.doc-signature')).toHaveCount(2);
    await expect(signatures).toContainText('302000001');
    await expect(signatures).toContainText('302000002');
    await expect(signatures.getByText('Подпись верна')).toHaveCount(2);
    const history = page.getByRole('region', { name: 'История' });
    // Made as a copy, changed, signed and sent, signed by the receiver.
    await expect(history.locator('.doc-event')).toHaveCount(4);
    await expect(history).toContainText('Создан копированием');
    await expect(history).toContainText('Подписан и отправлен');
    await expect(history).toContainText('Подписан получателем');
  }
  if (process.env.E2E_SCREENSHOTS)
    await a.page.screenshot({ path: `${SCREENSHOTS}/view-signed-1280.png`, fullPage: true });
  await expectNoSeriousA11yViolations(a.page);

  await a.context.close();
  await b.context.close();
});

test('waybill: through the responsible person to delivery', async ({ browser, request }) => {
  // A's waybill draft, typed here through the API (the walk is about its steps): the consignor A,
  // the responsible person an individual, the consignee B.
  const token = await apiToken(request, SAVDO.phone);
  const content = JSON.parse(readFileSync(WAYBILL, 'utf8')) as Record<string, any>;
  content.WaybillLocalId = '';
  content.WaybillDoc.WaybillNo = `${NUMBER}-W`;
  content.WaybillDoc.WaybillDate = new Date().toISOString().slice(0, 10);
  content.Consignor = { ...content.Consignor, TinOrPinfl: SAVDO.tin, Name: SAVDO.name };
  content.Consignee = { ...content.Consignee, TinOrPinfl: QURILISH.tin, Name: QURILISH.name };
  content.ResponsiblePerson = {
    ...(content.ResponsiblePerson ?? {}),
    Pinfl: RESPONSIBLE.pinfl,
    FullName: 'Rahimov Jasur Anvarovich (demo)',
  };
  const added = await request.post('/api/Document/add?kind=waybill', {
    headers: { authorization: `Bearer ${token}` },
    data: content,
  });
  expect(added.ok(), await added.text()).toBe(true);
  const id = (await added.json()).data.id as string;

  const a = await newSession(browser, SAVDO.phone);
  await a.page.goto(`/documents/${id}`);
  await toolbar(a.page).getByRole('button', { name: 'Подписать и отправить' }).click();
  await signInDialog(a.page, /Подписать и отправить: выбор ключа/);
  await expect(badge(a.page)).toHaveText('Отправлен ответственному лицу');

  // The responsible person signs in with the personal key and takes the cargo, then hands it over.
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/auth-inn');
  await person.getByLabel('Поиск сертификата по ИНН, организации или владельцу').fill(RESPONSIBLE.pinfl);
  await person.getByRole('radio').first().check();
  await person.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(person).toHaveURL(/\/documents\/incoming$/);
  await person.goto(`/documents/${id}`);
  // The responsible person's view of status 110 ("waiting for you" where the life cycle shows it so).
  await expect(badge(person)).toHaveText(/Отправлен ответственному лицу|Ожидает вашей подписи/);
  await toolbar(person).getByRole('button', { name: 'Принять груз к перевозке' }).click();
  await signInDialog(person, /Принять груз к перевозке: выбор ключа/);
  await expect(badge(person)).toHaveText('Принят ответственным лицом');
  await toolbar(person).getByRole('button', { name: 'Передать груз получателю' }).click();
  await signInDialog(person, /Передать груз получателю: выбор ключа/);
  await expect(badge(person)).toHaveText('Доставлен грузополучателю');

  // The consignee and the consignor see it delivered.
  const b = await newSession(browser, QURILISH.phone);
  await b.page.goto(`/documents/${id}`);
  await expect(badge(b.page)).toHaveText('Доставлен грузополучателю');
  await a.page.reload();
  await expect(badge(a.page)).toHaveText('Доставлен грузополучателю');
  await expect(a.page.getByRole('region', { name: 'Подписи (3)' }).locator('.doc-signature')).toHaveCount(3);
  await Promise.all([a.context.close(), b.context.close(), context.close()]);
});

test('bin on one side leaves the other side’s list alone; restore; delete forever', async ({ browser }) => {
  const a = await newSession(browser, SAVDO.phone);
  const b = await newSession(browser, QURILISH.phone);
  const inList = (page: Page, number: string) => page.getByRole('link', { name: number, exact: true });

  // B bins the signed invoice from its incoming list (multi-select, then the bulk button).
  await b.page.goto(`/documents/incoming?number=${NUMBER}-2`);
  const row = b.page.getByRole('row', { name: new RegExp(`${NUMBER}-2`) });
  await row.getByRole('checkbox').check();
  await expect(b.page.getByText(/Выбрано 1 из \d+/)).toBeVisible();
  await b.page
    .getByRole('toolbar', { name: 'Действия со списком' })
    .getByRole('button', { name: 'В корзину' })
    .click();
  await expect(b.page.getByText('1 документ перемещён в корзину')).toBeVisible();
  await expect(inList(b.page, `${NUMBER}-2`)).toHaveCount(0);

  // A's outgoing list still has it.
  await a.page.goto(`/documents/outgoing?number=${NUMBER}-2`);
  await expect(inList(a.page, `${NUMBER}-2`)).toBeVisible();

  // B restores it from the bin, bins it again, then deletes it forever (after a warning).
  await b.page.goto('/documents/deleted');
  await expect(inList(b.page, `${NUMBER}-2`)).toBeVisible();
  await expectNoSeriousA11yViolations(b.page);
  const binned = b.page.getByRole('row', { name: new RegExp(`${NUMBER}-2`) });
  await binned.getByRole('checkbox').check();
  await b.page.getByRole('button', { name: 'Восстановить' }).click();
  await expect(b.page.getByText('1 документ восстановлен')).toBeVisible();
  await b.page.goto(`/documents/incoming?number=${NUMBER}-2`);
  await inList(b.page, `${NUMBER}-2`).click();
  await toolbar(b.page).getByRole('button', { name: 'В корзину' }).click();
  await expect(b.page.getByText('Документ перемещён в корзину')).toBeVisible();
  await b.page.goto('/documents/deleted');
  await b.page
    .getByRole('row', { name: new RegExp(`${NUMBER}-2`) })
    .getByRole('checkbox')
    .check();
  await b.page.getByRole('button', { name: 'Удалить навсегда' }).click();
  const warning = b.page.getByRole('alertdialog', { name: /Удалить 1 документ навсегда/ });
  await expect(warning).toContainText('Это действие нельзя отменить');
  await warning.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(b.page.getByText('1 документ удалён навсегда')).toBeVisible();
  await expect(inList(b.page, `${NUMBER}-2`)).toHaveCount(0);

  // Still nothing changes for A.
  await a.page.reload();
  await expect(inList(a.page, `${NUMBER}-2`)).toBeVisible();
  await Promise.all([a.context.close(), b.context.close()]);
});

test('every new screen passes axe and fits 375 px without sideways scrolling', async ({ browser }) => {
  const a = await newSession(browser, SAVDO.phone);
  const page = a.page;
  const screens: Array<[string, Locator]> = [
    ['/documents/incoming', page.getByRole('heading', { name: 'Входящие' })],
    ['/documents/outgoing', page.getByRole('heading', { name: 'Исходящие' })],
    ['/documents/drafts', page.getByRole('heading', { name: 'Черновики' })],
    ['/documents/deleted', page.getByRole('heading', { name: 'Удалённые' })],
    ['/documents/templates', page.getByRole('heading', { name: 'Шаблоны' })],
    ['/documents/create', page.getByRole('heading', { name: 'Создание документа' })],
    ['/newdoc', page.getByRole('heading', { name: 'Форма создания новых документов' })],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(heading).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // A template from the create page, then the templates list.
  await page.goto('/documents/create?kind=invoice');
  await page.locator('#root_BuyerTin').fill(QURILISH.tin);
  await expect(page.locator('#root_Buyer_Name')).toHaveValue(QURILISH.name);
  await page.getByRole('button', { name: 'Сохранить как шаблон' }).click();
  const nameDialog = page.getByRole('dialog', { name: 'Сохранить как шаблон' });
  await expect(nameDialog.getByLabel('Название шаблона')).toHaveValue(`Счёт-фактура — ${QURILISH.name}`);
  await nameDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(/Шаблон «Счёт-фактура — .*» сохранён/)).toBeVisible();
  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Шаблоны' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Уйти без сохранения?' });
  await leave.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(page).toHaveURL(/\/documents\/templates$/);
  await page
    .getByRole('link', { name: `Счёт-фактура — ${QURILISH.name}` })
    .first()
    .click();
  await expect(page.locator('#root_Buyer_Name')).toHaveValue(QURILISH.name);
  await expect(page.getByText(/Из шаблона «Счёт-фактура — /)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  const shot = async (name: string, fullPage = false) => {
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}`, fullPage });
  };
  for (const [path, name] of [
    ['/documents/incoming', ''],
    ['/documents/outgoing', ''],
    ['/documents/templates', ''],
    ['/documents/create?kind=invoice', 'create-375.png'],
  ]) {
    await page.goto(path);
    // The visible title (the lists carry a second one for print only).
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    await noHorizontalScroll(page);
    if (name) await shot(name);
  }
  // The header still names the organisation and shows the whole language select.
  await expect(page.locator('.main-header .org-name')).toBeVisible();
  const select = page.locator('#language-switch-main');
  // A select's scrollWidth does not show a cut label: compare its width with the width it takes when
  // left to fit its longest option, and keep it inside the window.
  const fit = await select.evaluate((el) => {
    const actual = el.getBoundingClientRect().width;
    el.style.width = 'auto';
    const natural = el.getBoundingClientRect().width;
    el.style.width = '';
    return { actual, natural, right: el.getBoundingClientRect().right, window: window.innerWidth };
  });
  expect(fit.actual, JSON.stringify(fit)).toBeGreaterThanOrEqual(fit.natural - 1);
  expect(fit.right, JSON.stringify(fit)).toBeLessThanOrEqual(fit.window);
  // B's incoming list (the rejected invoice and the waybill of the walks are still there).
  const b = await newSession(browser, QURILISH.phone);
  await b.page.setViewportSize({ width: 375, height: 800 });
  await b.page.goto('/documents/incoming');
  await expect(b.page.getByRole('link', { name: NUMBER, exact: true })).toBeVisible();
  await noHorizontalScroll(b.page);
  if (process.env.E2E_SCREENSHOTS)
    await b.page.screenshot({ path: `${SCREENSHOTS}/incoming-375.png`, fullPage: true });
  await b.context.close();
  // The signed invoice of the first walk (A still has it: B deleted only its own copy).
  await page.goto(`/documents/outgoing?number=${NUMBER}-2`);
  await page.getByRole('link', { name: `${NUMBER}-2`, exact: true }).click();
  await expect(badge(page)).toHaveText('Подписан');
  await expect(page.getByRole('region', { name: 'Подписи (2)' })).toBeVisible();
  await noHorizontalScroll(page);
  await shot('view-signed-375.png', true);
  await a.context.close();
});

test('a list of 90 rows: page size 90 shows them all (its first render timed)', async ({
  browser,
  request,
}) => {
  // A third demo organisation, so the walks above keep their lists: 90 invoice drafts through the API.
  const LOGISTIKA = { phone: '998901000003', tin: '302000003', name: 'XK «Demo Logistika» (demo)' };
  const token = await apiToken(request, LOGISTIKA.phone);
  const content = JSON.parse(readFileSync(INVOICE, 'utf8')) as Record<string, any>;
  content.SellerTin = LOGISTIKA.tin;
  content.Seller = { ...content.Seller, Name: LOGISTIKA.name };
  content.BuyerTin = QURILISH.tin;
  content.Buyer = { ...content.Buyer, Name: QURILISH.name };
  for (let batch = 0; batch < 90; batch += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const data = structuredClone(content);
        data.FacturaDoc.FacturaNo = `${NUMBER}-L${batch + i + 1}`;
        const added = await request.post('/api/Document/add?kind=invoice', {
          headers: { authorization: `Bearer ${token}` },
          data,
        });
        expect(added.ok(), await added.text()).toBe(true);
      }),
    );
  }

  const { context } = await newSession(browser, LOGISTIKA.phone);
  // Each frame until the 90th row of the list is in the page: that frame paints it. Its time counts
  // from the start of the navigation (performance.now()).
  await context.addInitScript(() => {
    const w = window as unknown as { __rows90?: number };
    const tick = () => {
      if (document.querySelectorAll('.doc-table tbody td.doc-select').length >= 90)
        w.__rows90 = performance.now();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const runs: Array<Record<string, number>> = [];
  // One load checks the rows; E2E_MEASURE=1 times seven (the figure of the acceptance note).
  const loads = process.env.E2E_MEASURE ? 7 : 1;
  for (let run = 0; run < loads; run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto('/documents/drafts?size=90');
    await page.waitForFunction(() => (window as unknown as { __rows90?: number }).__rows90, null, {
      timeout: 30_000,
    });
    const rows = page.locator('.doc-table tbody td.doc-select');
    await expect(rows).toHaveCount(90);
    await expect(page.getByRole('link', { name: `${NUMBER}-L1`, exact: true })).toBeVisible();
    const timing = await page.evaluate(() => {
      const list = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/Document/getList')) as PerformanceResourceTiming | undefined;
      return {
        rows90: (window as unknown as { __rows90: number }).__rows90,
        getListEnd: list?.responseEnd ?? Number.NaN,
        getListTook: list ? list.responseEnd - list.startTime : Number.NaN,
      };
    });
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: Array<{ name: string; value: number }>;
    };
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
    runs.push({
      run: run + 1,
      'navigation → 90th row painted, ms': Math.round(timing.rows90),
      'getList answered at, ms': Math.round(timing.getListEnd),
      'getList took, ms': Math.round(timing.getListTook),
      'after getList → painted, ms': Math.round(timing.rows90 - timing.getListEnd),
      'renderer main thread CPU, ms': Math.round(metric('TaskDuration')),
      'script CPU, ms': Math.round(metric('ScriptDuration')),
    });
    await page.close();
  }
  // A figure for the record, never a pass mark (timings depend on the machine).
  const sorted = (key: string) => runs.map((r) => r[key]).sort((x, y) => x - y);
  const median = (key: string) => sorted(key)[Math.floor(runs.length / 2)];
  console.table(runs);
  console.log(
    `list of 90 rows, first render (median of ${runs.length}, the first run cold): ` +
      `navigation → 90th row painted ${median('navigation → 90th row painted, ms')} ms, ` +
      `after getList ${median('after getList → painted, ms')} ms, ` +
      `renderer CPU ${median('renderer main thread CPU, ms')} ms`,
  );
  test.info().annotations.push({
    type: 'list-90-first-render-median-ms',
    description: String(median('navigation → 90th row painted, ms')),
  });
  await context.close();
});
