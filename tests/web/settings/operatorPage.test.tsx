// The "Exchange operator" settings screen (issue 28 item 4): the binding shows masks only, the
// credentials typed go to bindProvider and nowhere else, the tax portal's operator is compared, and a
// member without admin:exchange sees the screen read-only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import OperatorPage from '../../../src/web/pages/settings/OperatorPage';

const providers = [
  {
    id: 'didox',
    name: 'Didox',
    fields: [
      { key: 'partnerToken', secret: true, required: true, maxLength: 512 },
      { key: 'password', secret: true, required: false, maxLength: 256 },
    ],
  },
];
const binding = {
  provider: 'didox',
  set: true,
  mask: { partnerToken: '••••0c' },
  readable: true,
  boundBy: 'u1',
  boundByName: 'Aliyev Akmal Karimovich (demo)',
  boundAt: '2026-11-28T09:00:00Z',
  updatedAt: '2026-11-28T09:00:00Z',
  version: 1,
};
let state: { binding: typeof binding | null; canBind: boolean; portal: string } = {
  binding: null,
  canBind: true,
  portal: 'didox',
};
const bodies: unknown[] = [];
const server = setupServer(
  http.get('/api/Synchronize/getProvider', () =>
    HttpResponse.json({
      success: true,
      data: { providers, binding: state.binding, canBind: state.canBind, keyConfigured: true },
    }),
  ),
  http.get('/api/Synchronize/IsSelectedOperator', () =>
    HttpResponse.json({
      success: true,
      data: {
        provider: state.binding?.provider ?? null,
        portal: {
          tin: '302000003',
          operator: state.portal,
          name: state.portal === 'didox' ? 'Didox' : 'Faktura.uz',
          isDemo: true,
        },
        selected: state.binding ? state.portal === state.binding.provider : null,
        portalSupported: state.portal === 'didox',
      },
    }),
  ),
  http.post('/api/Synchronize/bindProvider', async ({ request }) => {
    bodies.push(await request.json());
    state.binding = binding;
    return HttpResponse.json({ success: true, data: binding });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  bodies.length = 0;
  state = { binding: null, canBind: true, portal: 'didox' };
  await act(() => i18next.changeLanguage('ru'));
});
afterAll(() => server.close());

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OperatorPage />
    </QueryClientProvider>,
  );
}

it('asks for the required credential, then sends what was typed to bindProvider only', async () => {
  open();
  const token = await screen.findByLabelText(/Токен партнёра/);
  expect(token).toHaveAttribute('type', 'password');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Заполните поле «Токен партнёра (выдаёт оператор)»')).toBeInTheDocument();
  expect(bodies).toEqual([]);
  await userEvent.type(token, 'PARTNER-secret-123');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() =>
    expect(bodies).toEqual([{ provider: 'didox', credentials: { partnerToken: 'PARTNER-secret-123' } }]),
  );
  // Bound: the mask, never the value; the field is empty again.
  expect(await screen.findByText('Подключён: Didox')).toBeInTheDocument();
  expect(screen.getByText(/задано: ••••0c/)).toBeInTheDocument();
  expect(screen.getByLabelText(/Токен партнёра/)).toHaveValue('');
  expect(document.body.textContent).not.toContain('PARTNER-secret-123');
});

it('warns when the tax portal lists another operator', async () => {
  state = { binding, canBind: true, portal: 'faktura' };
  open();
  expect(await screen.findByTestId('operator-mismatch', {}, { timeout: 5000 })).toHaveTextContent(
    'Налоговый портал указывает другого оператора (Faktura.uz), чем подключён здесь (Didox)',
  );
  expect(screen.getByText('демо')).toBeInTheDocument();
});

it('says it matches when it does, in English too', async () => {
  await act(() => i18next.changeLanguage('en'));
  state = { binding, canBind: true, portal: 'didox' };
  open();
  expect(await screen.findByText('Matches the bound operator')).toBeInTheDocument();
  expect(screen.queryByTestId('operator-mismatch')).toBeNull();
});

it('is read-only without the right to bind', async () => {
  state = { binding, canBind: false, portal: 'didox' };
  open();
  expect(
    await screen.findByText('Подключать оператора может только руководитель или администратор.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText(/Токен партнёра/)).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Проверить подключение' })).toBeDisabled();
});
