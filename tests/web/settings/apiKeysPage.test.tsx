// The "API keys" settings screen (issue 30): owner/admin only; the list shows name, role with its kinds
// × rights, branch, addresses, expiry, last use and state; a created or rotated key's secret is shown
// once with a copy button and the warning, and is gone when the window closes; revoking asks first;
// rotation sends the overlap typed. Keyboard: the dialogs open with Enter and close with Escape.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ApiKey } from '../../../src/web/api/integrations';
import ApiKeysPage from '../../../src/web/pages/settings/ApiKeysPage';

const ROLE = 'a0000000-0000-4000-8000-000000000001';
const SECRET = 'hjk_Q2hlY2tUaGF0SXRJc1Nob3duT25seU9uY2UhISE';
const ROTATED = 'hjk_U2Vjb25kU2VjcmV0QWZ0ZXJSb3RhdGlvbiEhISE';
const keyOf = (over: Partial<ApiKey>): ApiKey => ({
  id: 'k1',
  name: 'ERP',
  roleId: ROLE,
  roleName: 'Только счета',
  roleCode: null,
  branchCode: null,
  allowedAddresses: [],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  createdAt: '2026-11-28T09:00:00Z',
  createdByName: 'Aliyev',
  secrets: [{ prefix: SECRET.slice(0, 10), expiresAt: null, createdAt: '2026-11-28T09:00:00Z' }],
  state: 'active',
  ...over,
});

let membership = 'owner';
let keys: ApiKey[] = [];
const calls: Array<{ path: string; query: string; body: unknown }> = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  const text = await request.text();
  calls.push({ path: url.pathname, query: url.search, body: text ? JSON.parse(text) : undefined });
};
const ok = (data: unknown) => HttpResponse.json({ success: true, data });
const server = setupServer(
  http.get('/api/Auth/getUserInfoOwn', () => ok({ userId: 'u1', membership, fullName: 'Aliyev' })),
  http.get('/api/ApiKey/getList', async ({ request }) => {
    await record(request);
    return ok(keys);
  }),
  http.get('/api/Roles/list', () =>
    ok({ rows: [{ id: ROLE, name: 'Только счета', code: null, builtIn: false }], totalCount: 1 }),
  ),
  http.get('/api/Organization/list', () =>
    ok({ rows: [{ id: 'b1', code: 'B-01', name: 'Самарканд', isActive: true }], totalCount: 1 }),
  ),
  http.get('/api/Auth/getAuthRoleActions', () => ok(['invoice:view', 'invoice:create'])),
  http.get('/api/Auth/getAuthActions', () =>
    ok({
      rows: ['view', 'create', 'send'].map((right) => ({
        code: `invoice:${right}`,
        group: 'document',
        kind: 'invoice',
        right,
        title: 'Счёт-фактура',
      })),
      totalCount: 3,
    }),
  ),
  http.post('/api/ApiKey/add', async ({ request }) => {
    await record(request);
    const body = calls[calls.length - 1].body as { name: string; allowedAddresses: string[] };
    const key = keyOf({ id: 'k2', name: body.name, allowedAddresses: body.allowedAddresses });
    keys = [key, ...keys];
    return ok({ key, secret: SECRET });
  }),
  http.post('/api/ApiKey/rotate', async ({ request }) => {
    await record(request);
    return ok({ key: keys[0], secret: ROTATED });
  }),
  http.post('/api/ApiKey/revoke', async ({ request }) => {
    await record(request);
    keys = keys.map((k) => ({ ...k, state: 'revoked', revokedAt: '2026-11-28T10:00:00Z', secrets: [] }));
    return ok(keys[0]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  calls.length = 0;
  keys = [];
  membership = 'owner';
  await act(() => i18next.changeLanguage('ru'));
});
afterAll(() => server.close());

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiKeysPage />
    </QueryClientProvider>,
  );
}
const posted = (path: string) => calls.filter((c) => c.path === path);

it('is the owner’s or an admin’s: a staff member sees why, and no key is asked for', async () => {
  membership = 'staff';
  open();
  expect(await screen.findByTestId('no-authority')).toHaveTextContent(
    'API-ключами и вебхуками управляет только директор',
  );
  expect(posted('/api/ApiKey/getList')).toEqual([]);
});

it('creates a key from the keyboard and shows its secret once, with a copy button and the warning', async () => {
  const user = userEvent.setup();
  open();
  expect(await screen.findByText('Ключей пока нет.')).toBeInTheDocument();
  screen.getByRole('button', { name: 'Создать ключ' }).focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Новый API-ключ' });
  // Nothing is sent without a name and a role.
  await user.click(within(dialog).getByRole('button', { name: 'Создать ключ' }));
  expect(
    within(dialog)
      .getAllByRole('alert')
      .map((a) => a.textContent),
  ).toEqual(['Введите название', 'Выберите роль']);
  expect(posted('/api/ApiKey/add')).toEqual([]);

  await user.type(within(dialog).getByLabelText(/Название/), 'ERP 1C');
  await user.selectOptions(within(dialog).getByLabelText(/Роль/), ROLE);
  expect(await within(dialog).findByText('Счёт-фактура: Просмотр, Создание и черновики')).toBeInTheDocument();
  await user.selectOptions(within(dialog).getByLabelText('Филиал'), 'B-01');
  await user.type(within(dialog).getByLabelText('Разрешённые адреса'), '203.0.113.7\n198.51.100.0/24');
  await user.keyboard('{Escape}');
  // Escape closed it: nothing sent. Open again and send.
  expect(screen.queryByRole('dialog')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Создать ключ' }));
  const again = await screen.findByRole('dialog', { name: 'Новый API-ключ' });
  await user.type(within(again).getByLabelText(/Название/), 'ERP 1C');
  await user.selectOptions(within(again).getByLabelText(/Роль/), ROLE);
  await user.type(within(again).getByLabelText('Разрешённые адреса'), '203.0.113.7, 198.51.100.0/24');
  await user.click(within(again).getByRole('button', { name: 'Создать ключ' }));
  await waitFor(() =>
    expect(posted('/api/ApiKey/add').map((c) => c.body)).toEqual([
      {
        name: 'ERP 1C',
        roleId: ROLE,
        branchCode: null,
        allowedAddresses: ['203.0.113.7', '198.51.100.0/24'],
        expiresAt: null,
      },
    ]),
  );

  const shown = await screen.findByRole('alertdialog', { name: 'Ключ «ERP 1C»' });
  expect(within(shown).getByTestId('issued-secret')).toHaveTextContent(SECRET);
  expect(within(shown).getByTestId('secret-warning')).toHaveTextContent('показывается только один раз');
  await user.click(within(shown).getByRole('button', { name: 'Копировать' }));
  expect(await navigator.clipboard.readText()).toBe(SECRET);
  expect(within(shown).getByRole('status')).toHaveTextContent('Скопировано');
  await user.click(within(shown).getByRole('button', { name: 'Я сохранил его' }));

  // Gone for good: the list shows the prefix only.
  expect(screen.queryByRole('alertdialog')).toBeNull();
  const item = await screen.findByRole('listitem', { name: 'ERP 1C' });
  expect(document.body.textContent).not.toContain(SECRET);
  expect(item).toHaveTextContent(`${SECRET.slice(0, 10)}…`);
  expect(item).toHaveTextContent('203.0.113.7, 198.51.100.0/24');
  expect(item).toHaveTextContent('действует');
});

it('revokes only after the confirmation', async () => {
  const user = userEvent.setup();
  keys = [keyOf({ lastUsedAt: '2026-11-28T09:30:00Z', lastUsedIp: '203.0.113.7', branchCode: 'B-01' })];
  open();
  const item = await screen.findByRole('listitem', { name: 'ERP' });
  expect(item).toHaveTextContent('B-01');
  expect(item).toHaveTextContent('203.0.113.7');
  await user.click(within(item).getByRole('button', { name: 'Отозвать' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Отозвать «ERP»?' });
  await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
  expect(posted('/api/ApiKey/revoke')).toEqual([]);

  await user.click(within(item).getByRole('button', { name: 'Отозвать' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Отозвать «ERP»?' })).getByRole('button', {
      name: 'Отозвать',
    }),
  );
  await waitFor(() => expect(posted('/api/ApiKey/revoke').map((c) => c.query)).toEqual(['?id=k1']));
  const revoked = await screen.findByRole('listitem', { name: 'ERP' });
  await waitFor(() => expect(revoked).toHaveTextContent('отозван'));
  expect(within(revoked).queryByRole('button', { name: 'Отозвать' })).toBeNull();
});

it('rotates with the overlap typed and shows the new secret once (in English)', async () => {
  await act(() => i18next.changeLanguage('en'));
  const user = userEvent.setup();
  keys = [keyOf({})];
  open();
  const item = await screen.findByRole('listitem', { name: 'ERP' });
  await user.click(within(item).getByRole('button', { name: 'Rotate' }));
  const dialog = await screen.findByRole('dialog', { name: 'New secret for «ERP»' });
  const overlap = within(dialog).getByLabelText('Old secret keeps working for (hours)');
  await user.clear(overlap);
  await user.type(overlap, '48');
  await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
  await waitFor(() =>
    expect(posted('/api/ApiKey/rotate').map((c) => [c.query, c.body])).toEqual([
      ['?id=k1', { overlapHours: 48 }],
    ]),
  );
  const shown = await screen.findByRole('alertdialog', { name: 'Key «ERP»' });
  expect(within(shown).getByTestId('issued-secret')).toHaveTextContent(ROTATED);
  expect(within(shown).getByTestId('secret-warning')).toHaveTextContent('It is shown only once');
});
