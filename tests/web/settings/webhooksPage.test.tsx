// The "Webhooks" settings screen (issue 30): an endpoint added with the event types chosen shows its
// signing secret once; one switched off after a day of failures says so and is switched on again;
// "send test event" opens the delivery log with each attempt (time, answer code) and resends; delete
// asks first; edit sends what changed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../../src/web/api/integrations';
import WebhooksPage from '../../../src/web/pages/settings/WebhooksPage';

const SECRET = 'whsec_c2lnbmluZ1NlY3JldFNob3duT25jZU9ubHkhIQ==';
const URL_A = 'https://erp.example.uz/hooks';
const endpointOf = (over: Partial<WebhookEndpoint>): WebhookEndpoint => ({
  id: 'e1',
  url: URL_A,
  description: '1C',
  eventTypes: [],
  enabled: true,
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
  createdAt: '2026-11-28T09:00:00Z',
  secretPrefix: SECRET.slice(0, 12),
  previousSecretUntil: null,
  ...over,
});
const testDelivery: WebhookDelivery = {
  id: 'd1',
  messageId: 'msg_test_1',
  eventType: 'webhook.test',
  payload: { type: 'webhook.test', data: { message: 'Test event from Hujjat' } },
  state: 'delivered',
  attempts: 2,
  nextAttemptAt: null,
  lastStatus: 200,
  lastError: null,
  createdAt: '2026-11-28T10:00:00Z',
  deliveredAt: '2026-11-28T10:00:06Z',
  log: [
    { attempt: 1, at: '2026-11-28T10:00:00Z', status: 503, error: null, durationMs: 41, answer: 'busy' },
    { attempt: 2, at: '2026-11-28T10:00:06Z', status: 200, error: null, durationMs: 12, answer: 'ok' },
  ],
};

let endpoints: WebhookEndpoint[] = [];
let deliveries: WebhookDelivery[] = [];
const calls: Array<{ path: string; query: string; body: unknown }> = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  const text = await request.text();
  const call = { path: url.pathname, query: url.search, body: text ? JSON.parse(text) : undefined };
  calls.push(call);
  return call;
};
const ok = (data: unknown) => HttpResponse.json({ success: true, data });
const server = setupServer(
  http.get('/api/Auth/getUserInfoOwn', () => ok({ userId: 'u1', membership: 'admin' })),
  http.get('/api/Webhook/getList', () => ok(endpoints)),
  http.get('/api/Webhook/getEventTypes', () =>
    ok({
      types: [
        { type: 'document.create', action: 'create', kinds: [] },
        { type: 'document.send', action: 'send', kinds: ['invoice'] },
        { type: 'document.accept', action: 'accept', kinds: ['invoice'] },
      ],
      testType: 'webhook.test',
    }),
  ),
  http.post('/api/Webhook/add', async ({ request }) => {
    const call = await record(request);
    const body = call.body as { url: string; eventTypes: string[] };
    const added = endpointOf({ id: 'e2', url: body.url, eventTypes: body.eventTypes, description: '' });
    endpoints = [...endpoints, added];
    return ok({ ...added, secret: SECRET });
  }),
  http.post('/api/Webhook/update', async ({ request }) => {
    const call = await record(request);
    const input = call.body as Partial<WebhookEndpoint>;
    endpoints = endpoints.map((e) =>
      input.enabled
        ? { ...e, ...input, disabledAt: null, disabledReason: null, failingSince: null }
        : { ...e, ...input },
    );
    return ok(endpoints[0]);
  }),
  http.post('/api/Webhook/delete', async ({ request }) => {
    await record(request);
    endpoints = [];
    return ok(null);
  }),
  http.post('/api/Webhook/sendTest', async ({ request }) => {
    await record(request);
    deliveries = [testDelivery];
    return ok({ id: 'd1', messageId: 'msg_test_1' });
  }),
  http.get('/api/Webhook/getDeliveries', () => ok(deliveries)),
  http.post('/api/Webhook/resend', async ({ request }) => {
    await record(request);
    return ok({ id: 'd1' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  calls.length = 0;
  endpoints = [];
  deliveries = [];
  await act(() => i18next.changeLanguage('ru'));
});
afterAll(() => server.close());

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WebhooksPage />
    </QueryClientProvider>,
  );
}
const posted = (path: string) => calls.filter((c) => c.path === path);

it('adds an endpoint for the events chosen and shows its signing secret once', async () => {
  const user = userEvent.setup();
  open();
  await user.click(await screen.findByRole('button', { name: 'Добавить адрес' }));
  const dialog = await screen.findByRole('dialog', { name: 'Новый адрес' });
  await user.click(within(dialog).getByRole('button', { name: 'Добавить адрес' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Введите адрес');
  expect(posted('/api/Webhook/add')).toEqual([]);
  await user.type(within(dialog).getByLabelText(/Адрес \(URL\)/), 'https://erp.example.uz/new');
  await user.click(await within(dialog).findByLabelText('Подписан и отправлен'));
  await user.click(within(dialog).getByLabelText('Подписан получателем'));
  await user.click(within(dialog).getByRole('button', { name: 'Добавить адрес' }));
  await waitFor(() =>
    expect(posted('/api/Webhook/add').map((c) => c.body)).toEqual([
      {
        url: 'https://erp.example.uz/new',
        description: '',
        eventTypes: ['document.send', 'document.accept'],
      },
    ]),
  );
  const shown = await screen.findByRole('alertdialog', { name: 'Секрет подписи https://erp.example.uz/new' });
  expect(within(shown).getByTestId('issued-secret')).toHaveTextContent(SECRET);
  expect(within(shown).getByTestId('secret-warning')).toHaveTextContent('показывается только один раз');
  await user.click(within(shown).getByRole('button', { name: 'Я сохранил его' }));
  const item = await screen.findByRole('listitem', { name: 'https://erp.example.uz/new' });
  expect(item).toHaveTextContent('document.send');
  expect(item).toHaveTextContent('document.accept');
  expect(document.body.textContent).not.toContain(SECRET);
});

it('says an endpoint was switched off after a day of failures, and switches it on again', async () => {
  const user = userEvent.setup();
  endpoints = [
    endpointOf({
      enabled: false,
      disabledReason: 'failing',
      disabledAt: '2026-11-28T08:00:00Z',
      failingSince: '2026-11-27T08:00:00Z',
    }),
  ];
  open();
  const item = await screen.findByRole('listitem', { name: URL_A });
  expect(within(item).getByTestId('endpoint-state')).toHaveTextContent(
    /отключён.*доставка не удавалась 24 часа/,
  );
  expect(within(item).getByRole('button', { name: 'Отправить тестовое событие' })).toBeDisabled();
  await user.click(within(item).getByRole('button', { name: 'Включить' }));
  await waitFor(() =>
    expect(posted('/api/Webhook/update').map((c) => [c.query, c.body])).toEqual([
      ['?id=e1', { enabled: true }],
    ]),
  );
  await waitFor(() => expect(within(item).getByTestId('endpoint-state')).toHaveTextContent('включён'));
});

it('sends a test event, shows it in the log with every attempt, and resends it', async () => {
  const user = userEvent.setup();
  endpoints = [endpointOf({})];
  open();
  const item = await screen.findByRole('listitem', { name: URL_A });
  await user.click(within(item).getByRole('button', { name: 'Отправить тестовое событие' }));
  await waitFor(() => expect(posted('/api/Webhook/sendTest').map((c) => c.query)).toEqual(['?id=e1']));
  const log = await within(item).findByRole('region', { name: `Журнал доставки ${URL_A}` });
  const row = await within(log).findByTestId('delivery');
  expect(row).toHaveTextContent('webhook.test');
  expect(row).toHaveTextContent('доставлено');
  expect(row).toHaveTextContent('Попыток: 2');
  await user.click(within(row).getByText('Запрос'));
  expect(row).toHaveTextContent('Попытка 1');
  expect(row).toHaveTextContent('503');
  expect(row).toHaveTextContent('Попытка 2');
  expect(row).toHaveTextContent('Test event from Hujjat');
  await user.click(within(row).getByRole('button', { name: 'Отправить снова' }));
  await waitFor(() => expect(posted('/api/Webhook/resend').map((c) => c.query)).toEqual(['?id=d1']));
});

it('edits and deletes (after asking), in English', async () => {
  await act(() => i18next.changeLanguage('en'));
  const user = userEvent.setup();
  endpoints = [endpointOf({ eventTypes: ['document.send'] })];
  open();
  const item = await screen.findByRole('listitem', { name: URL_A });
  await user.click(within(item).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: `Endpoint ${URL_A}` });
  const url = within(dialog).getByLabelText(/Address \(URL\)/);
  await user.clear(url);
  await user.type(url, 'https://erp.example.uz/v2');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(posted('/api/Webhook/update').map((c) => c.body)).toEqual([
      { url: 'https://erp.example.uz/v2', description: '1C', eventTypes: ['document.send'] },
    ]),
  );
  const changed = await screen.findByRole('listitem', { name: 'https://erp.example.uz/v2' });
  await user.click(within(changed).getByRole('button', { name: 'Delete' }));
  await screen.findByRole('alertdialog', { name: 'Delete the endpoint?' });
  await user.keyboard('{Escape}');
  expect(posted('/api/Webhook/delete')).toEqual([]);
  await user.click(within(changed).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Delete the endpoint?' })).getByRole('button', {
      name: 'Delete',
    }),
  );
  await waitFor(() => expect(posted('/api/Webhook/delete').map((c) => c.query)).toEqual(['?id=e1']));
  expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
});
