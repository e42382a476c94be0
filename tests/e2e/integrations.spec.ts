import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInWithPassword } from './authHelpers';

// Issue 30: the settings screens for integrators, as the director uses them — an API key created
// (its secret seen once, then gone) and revoked; a webhook endpoint added for a local receiver, a test
// event sent and seen in the delivery log as delivered, then the endpoint deleted. At 1280 and 375 px
// (no sideways scroll); INTEGRATIONS_SHOTS=<dir> also writes the screenshots (docs/screenshots/integrations).

const SHOTS = process.env.INTEGRATIONS_SHOTS;
const KEY_NAME = `ERP e2e ${Date.now().toString(36)}`;

let receiver: http.Server;
let receiverUrl = '';
const received: Array<Record<string, string | string[] | undefined>> = [];
test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.headers);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hujjat-hook`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function session(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 } });
  const page = await context.newPage();
  await signInWithPassword(page);
  return { context, page };
}

async function shoot(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: no sideways scroll`).toBeLessThanOrEqual(0);
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('API keys and webhooks: a key seen once and revoked; a test event in the delivery log', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await session(browser, 1280);

  // API key: created, its secret shown once, then only the prefix.
  await page.goto('/settings/apiKeys');
  await page.getByRole('button', { name: 'Создать ключ' }).click();
  const form = page.getByRole('dialog', { name: 'Новый API-ключ' });
  await form.getByLabel(/Название/).fill(KEY_NAME);
  await form.getByLabel(/Роль/).selectOption({ index: 1 });
  await form.getByLabel('Разрешённые адреса').fill('203.0.113.7');
  await form.getByRole('button', { name: 'Создать ключ' }).click();
  const shown = page.getByRole('alertdialog', { name: `Ключ «${KEY_NAME}»` });
  const secret = (await shown.getByTestId('issued-secret').textContent()) ?? '';
  expect(secret).toMatch(/^hjk_[A-Za-z0-9_-]{40,}$/);
  await expect(shown.getByTestId('secret-warning')).toContainText('только один раз');
  await shoot(page, 'api-key-shown-once-1280');
  await shown.getByRole('button', { name: 'Я сохранил его' }).click();
  const item = page.getByRole('listitem', { name: KEY_NAME });
  await expect(item).toContainText(`${secret.slice(0, 10)}…`);
  expect(await page.content()).not.toContain(secret);
  await shoot(page, 'api-keys-1280');

  // Revoked after confirming; the secret no longer opens the API.
  await item.getByRole('button', { name: 'Отозвать' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отозвать' }).click();
  await expect(item).toContainText('отозван');
  const refused = await page.request.get('/api/Events/getList', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);

  // Webhook: added for the local receiver, its signing secret shown once, a test event delivered.
  await page.goto('/settings/webhooks');
  await page.getByRole('button', { name: 'Добавить адрес' }).click();
  const hook = page.getByRole('dialog', { name: 'Новый адрес' });
  await hook.getByLabel(/Адрес \(URL\)/).fill(receiverUrl);
  await hook.getByLabel('Описание').fill('1C e2e');
  await hook.getByLabel('Подписан и отправлен').check();
  await hook.getByRole('button', { name: 'Добавить адрес' }).click();
  const signing = page.getByRole('alertdialog', { name: `Секрет подписи ${receiverUrl}` });
  await expect(signing.getByTestId('issued-secret')).toHaveText(/^whsec_/);
  await signing.getByRole('button', { name: 'Я сохранил его' }).click();
  const endpoint = page.getByRole('listitem', { name: receiverUrl });
  await endpoint.getByRole('button', { name: 'Отправить тестовое событие' }).click();
  const row = endpoint.getByTestId('delivery').first();
  await expect(row).toContainText('webhook.test');
  await expect(row).toContainText('доставлено', { timeout: 20_000 });
  expect(received.some((h) => typeof h['webhook-id'] === 'string' && h['webhook-signature'])).toBe(true);
  await row.getByText('Запрос').click();
  await shoot(page, 'webhooks-1280');

  // The same screens on a phone.
  const phone = await session(browser, 375);
  await phone.page.goto('/settings/apiKeys');
  await expect(phone.page.getByRole('listitem', { name: KEY_NAME })).toBeVisible();
  await shoot(phone.page, 'api-keys-375');
  await phone.page.goto('/settings/webhooks');
  const small = phone.page.getByRole('listitem', { name: receiverUrl });
  await small.getByRole('button', { name: 'Журнал доставки' }).click();
  await expect(small.getByTestId('delivery').first()).toContainText('доставлено');
  await shoot(phone.page, 'webhooks-375');
  await phone.context.close();

  // Leave nothing behind for the specs after this one.
  await endpoint.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(endpoint).toHaveCount(0);
  await context.close();
});
