import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN } from './authHelpers';
import { type RoamingServer, startRoamingServers } from './roamingServers';

// Two Hujjat servers exchange through the stand-in operator, in the browser (issue 28 item 7; the API
// walk is `npm run demo:roaming`). Company A on server 1 and company B on server 2 are each bound to
// the stand-in as their Didox operator — A on the settings screen, whose connection test signs in at
// the operator. A signs and sends an invoice (the key dialog says it goes via Didox); it appears in B's
// incoming on server 2; B rejects it with a reason; A sees the reason; A sends a corrected copy; B
// accepts; both servers show it signed (status 3) with both signatures. Demo data, demo keys.

test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });
test.setTimeout(300_000);

const SAVDO = { phone: DEMO_LOGIN.phone, tin: DEMO_LOGIN.tin, name: 'OOO «Demo Savdo» (demo)' };
const QURILISH = { phone: '998901000002', tin: '302000002', name: 'AJ «Demo Qurilish» (demo)' };
const INVOICE = 'schemas/documents/invoice/fixtures/valid/01-standard.json';
const NUMBER = `ROAM-${Date.now().toString(36).toUpperCase()}`;
const REASON = 'Shartnoma raqami noto‘g‘ri: 12/2025 bo‘lishi kerak';

let servers: { one: RoamingServer; two: RoamingServer; stop(): Promise<void> };
let startedAt = 0;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  startedAt = Date.now();
  servers = await startRoamingServers(SAVDO.tin, QURILISH.tin);
  console.log(`roaming: both servers up in ${Math.round((Date.now() - startedAt) / 1000)} s`);
});
test.afterAll(async () => {
  await servers?.stop();
  if (startedAt) console.log(`roaming: wall time ${Math.round((Date.now() - startedAt) / 1000)} s`);
});

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Действия с документом' });
const badge = (page: Page) => page.locator('.doc-view-title .status-badge');

async function session(browser: Browser, server: RoamingServer, phone: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/auth-login');
  await page.getByLabel('Телефон или ИНН').fill(phone);
  await page.getByLabel(/^Пароль\*?$/).fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/documents\/incoming$/);
  const token = async () => {
    const res = await page.request.post('/api/Auth/refreshToken', { data: {} });
    expect(res.ok()).toBe(true);
    return (await res.json()).data.accessToken as string;
  };
  return { context, page, token };
}
type Session = Awaited<ReturnType<typeof session>>;

/** Synchronise now (the scheduled pull runs every 5 minutes) until `check` holds. */
async function syncUntil(s: Session, check: () => Promise<boolean>, what: string) {
  const auth = { authorization: `Bearer ${await s.token()}` };
  const until = Date.now() + 90_000;
  for (let round = 0; ; round++) {
    if (round % 3 === 0) {
      const res = await s.page.request.post('/api/Synchronize/syncNow', { headers: auth });
      expect(res.ok(), await res.text()).toBe(true);
    }
    if (await check()) return;
    if (Date.now() > until) {
      const runs = await s.page.request.get('/api/Synchronize/GetLastProcess?limit=5', { headers: auth });
      throw new Error(`${what}: not within 90 s; last runs there: ${await runs.text()}`);
    }
    await s.page.waitForTimeout(1_000);
  }
}

/** Signs in the key dialog with the first (own) key; the emulator types the password. */
async function signInDialog(page: Page, title: RegExp, via = false) {
  const dialog = page.getByRole('dialog', { name: title });
  if (via)
    await expect(dialog.getByTestId('via-operator')).toHaveText(
      'Через Didox. Контрагента нет на этом сервере: документ уйдёт к нему через оператора обмена Didox.',
    );
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

async function openIncoming(s: Session, number: string) {
  await syncUntil(
    s,
    async () => {
      await s.page.goto('/documents/incoming');
      return s.page
        .getByRole('link', { name: number, exact: true })
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
    },
    `${number} in B's incoming on server 2`,
  );
  await s.page.getByRole('link', { name: number, exact: true }).click();
}

async function waitForStatus(s: Session, documentId: string, text: string) {
  await syncUntil(
    s,
    async () => {
      await s.page.goto(`/documents/${documentId}`);
      await expect(badge(s.page)).toBeVisible();
      return (await badge(s.page).textContent())?.trim() === text;
    },
    `"${text}" on server 1`,
  );
}

test('invoice through the operator between two servers: rejected with a reason, corrected, accepted', async ({
  browser,
}) => {
  const walkStarted = Date.now();
  const a = await session(browser, servers.one, SAVDO.phone);
  const b = await session(browser, servers.two, QURILISH.phone);

  // A binds the stand-in as its Didox operator on the settings screen and tests the connection.
  await a.page.goto('/settings/operator');
  await a.page.locator('#operator-provider').selectOption('didox');
  await a.page.getByLabel(/Токен партнёра/).fill('demo-partner-token');
  await a.page.getByLabel(/Пароль учётной записи у оператора/).fill('demo');
  await a.page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(a.page.getByTestId('operator-state')).toContainText('Подключён: Didox');
  await a.page.getByRole('button', { name: 'Проверить подключение' }).click();
  await expect(
    a.page.getByText('Подключение работает: Didox принял сохранённые учётные данные'),
  ).toBeVisible();
  // B binds through the API (the same call the screen makes).
  const bound = await b.page.request.post('/api/Synchronize/bindProvider', {
    headers: { authorization: `Bearer ${await b.token()}` },
    data: { provider: 'didox', credentials: { partnerToken: 'demo-partner-token', password: 'demo' } },
  });
  expect(bound.ok(), await bound.text()).toBe(true);

  // A's invoice to B (typed through the API: the walk is about its travel), signed and sent in the browser.
  const base = JSON.parse(readFileSync(INVOICE, 'utf8')) as Record<string, any>;
  const added = await a.page.request.post('/api/Document/add?kind=invoice', {
    headers: { authorization: `Bearer ${await a.token()}` },
    data: {
      ...base,
      FacturaId: '',
      FacturaDoc: { FacturaNo: NUMBER, FacturaDate: new Date().toISOString().slice(0, 10) },
      ContractDoc: { ContractNo: '12/2025-XATO', ContractDate: base.ContractDoc.ContractDate },
      SellerTin: SAVDO.tin,
      Seller: { ...base.Seller, Name: SAVDO.name },
      BuyerTin: QURILISH.tin,
      Buyer: { ...base.Buyer, Name: QURILISH.name },
      ProductList: { ...base.ProductList, Tin: SAVDO.tin },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const firstId = (await added.json()).data.id as string;
  await a.page.goto(`/documents/update/${firstId}`);
  await a.page.getByRole('button', { name: 'Подписать и отправить' }).click();
  await signInDialog(a.page, /Подписать и отправить: выбор ключа/, true);
  await expect(badge(a.page)).toHaveText('Ожидает подписи контрагента');

  // B, on server 2: the invoice arrives in its incoming; B rejects it with a reason.
  await openIncoming(b, NUMBER);
  await expect(badge(b.page)).toHaveText('Ожидает вашей подписи');
  await toolbar(b.page).getByRole('button', { name: 'Отказать' }).click();
  const reasonDialog = b.page.getByRole('dialog', { name: 'Отказать: причина' });
  await reasonDialog.getByLabel(/Причина/).fill(REASON);
  await reasonDialog.getByRole('button', { name: 'Далее' }).click();
  await signInDialog(b.page, /Отказать: выбор ключа/, true);
  await expect(badge(b.page)).toHaveText('Отклонён');

  // A, on server 1: the rejection and its reason arrive from the operator.
  await waitForStatus(a, firstId, 'Отклонён');
  await expect(a.page.locator('.doc-reason')).toContainText(REASON);

  // A copies, corrects and sends again.
  await toolbar(a.page).getByRole('button', { name: 'Копировать' }).click();
  await expect(a.page).toHaveURL(/\/documents\/update\/[0-9a-f-]{36}$/);
  await a.page.locator('#root_FacturaDoc_FacturaNo').fill(`${NUMBER}-2`);
  await a.page.locator('#root_ContractDoc_ContractNo').fill('12/2025');
  await a.page.getByRole('button', { name: 'Подписать и отправить' }).click();
  await signInDialog(a.page, /Подписать и отправить: выбор ключа/, true);
  await expect(badge(a.page)).toHaveText('Ожидает подписи контрагента');
  const secondId = a.page.url().split('/').pop() as string;

  // B accepts the corrected one.
  await openIncoming(b, `${NUMBER}-2`);
  await toolbar(b.page).getByRole('button', { name: 'Подписать', exact: true }).click();
  await signInDialog(b.page, /Подписать: выбор ключа/, true);
  await expect(badge(b.page)).toHaveText('Подписан');

  // Both servers: signed (status 3) by both.
  await waitForStatus(a, secondId, 'Подписан');
  for (const page of [a.page, b.page]) {
    await page.reload();
    await expect(badge(page)).toHaveText('Подписан');
    const signatures = page.getByRole('region', { name: 'Подписи (2)' });
    await expect(signatures.locator('.doc-signature')).toHaveCount(2);
    await expect(signatures).toContainText('302000001');
    await expect(signatures).toContainText('302000002');
    // Both signatures valid on both servers: on 1, A's own and B's as the operator handed it over; on
    // 2, A's as received and B's own accept (once shown "Подпись неверна": a received document's
    // verdicts covered only its signers at import).
    await expect(signatures.getByText('Подпись верна', { exact: true })).toHaveCount(2, { timeout: 30_000 });
    await expect(signatures.getByText('Подпись неверна', { exact: true })).toHaveCount(0);
  }
  for (const s of [a, b]) {
    const id = s === a ? secondId : (b.page.url().split('/').pop() as string);
    const res = await s.page.request.get(`/api/Document/getById?documentId=${id}`, {
      headers: { authorization: `Bearer ${await s.token()}` },
    });
    expect((await res.json()).data.status).toBe(3);
  }
  console.log(`roaming: the walk took ${Math.round((Date.now() - walkStarted) / 1000)} s`);
  await a.context.close();
  await b.context.close();
});
