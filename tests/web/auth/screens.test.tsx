import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AuthInnPage from '../../../src/web/pages/auth/AuthInnPage';
import AuthLoginPage from '../../../src/web/pages/auth/AuthLoginPage';
import RegistrationPage from '../../../src/web/pages/auth/RegistrationPage';
import { Toaster } from '../../../src/web/ui';

// The screens against a stand-in plug-in socket and msw for the API.

const ALIASES = {
  registered:
    'cn=aliyev akmal,o=demo savdo,uid=412000001,1.2.860.3.16.1.2=31505850123451,1.2.860.3.16.1.1=302000001,serialnumber=a1,validfrom=2025.01.01 00:00:00,validto=2099.01.01 23:59:59',
  fresh:
    'cn=sobirov otabek,o=не указано,uid=412000005,1.2.860.3.16.1.2=52909960789012,serialnumber=b2,validfrom=2025.01.01 00:00:00,validto=2099.01.01 23:59:59',
  expired:
    'cn=old key,o=demo savdo,uid=412000001,1.2.860.3.16.1.2=31505850123451,1.2.860.3.16.1.1=302000001,serialnumber=c3,validfrom=2020.01.01 00:00:00,validto=2021.01.01 23:59:59',
};

let pluginUp = true;
class FakePluginSocket {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    setTimeout(() => (pluginUp ? this.onopen?.() : this.onclose?.({ code: 1006 })), 0);
  }
  send(text: string) {
    const req = JSON.parse(text);
    const key = `${req.plugin ?? ''}.${req.name}`;
    const replies: Record<string, unknown> = {
      '.version': { success: true, major: '6', minor: '4', patch: '7' },
      '.apikey': { success: true },
      'pfx.list_all_certificates': {
        success: true,
        certificates: Object.entries(ALIASES).map(([name, alias]) => ({
          disk: 'keys/',
          path: 'DSKEYS',
          name,
          alias,
        })),
      },
    };
    setTimeout(
      () =>
        this.onmessage?.({
          data: JSON.stringify(replies[key] ?? { success: false, status: 0, reason: 'no' }),
        }),
      0,
    );
  }
  close() {}
}

const server = setupServer(
  http.get('*/api/Config/client', () =>
    HttpResponse.json({
      eimzo: { wsUrl: 'ws://127.0.0.1:1/service/cryptapi', apiKey: 'KEY', domain: 'localhost' },
      demo: false,
    }),
  ),
  http.get('*/api/Auth/IsRegistered', ({ request }) => {
    const id = new URL(request.url).searchParams.get('tinOrPinfl');
    return id === '302000001'
      ? HttpResponse.json({ success: false, code: 'ALREADY_REGISTERED', message: 'already' }, { status: 400 })
      : HttpResponse.json({ success: true, data: { registered: false } });
  }),
  http.post('*/api/Auth/Login', () =>
    HttpResponse.json(
      { success: false, code: 'INVALID_CREDENTIALS', message: 'Неверный логин или пароль' },
      { status: 401 },
    ),
  ),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.stubGlobal('WebSocket', FakePluginSocket);
});
afterEach(() => {
  server.resetHandlers();
  pluginUp = true;
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

function renderPage(Page: React.ComponentType, path: string) {
  const router = createMemoryRouter(
    [
      { path, element: <Page /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe('registration screen', () => {
  it('keeps the form closed for a registered TIN (-1) and opens it for a new PINFL', async () => {
    const user = userEvent.setup();
    renderPage(RegistrationPage, '/registration');
    const cert = await screen.findByLabelText(/Сертификат ЭЦП/);
    const email = screen.getByLabelText(/Электронная почта/);
    expect(email).toBeDisabled();
    expect(screen.getByRole('option', { name: /\(302000001\) OLD KEY \(срок истёк\)/ })).toBeDisabled();

    await user.selectOptions(cert, screen.getByRole('option', { name: '(302000001) ALIYEV AKMAL' }));
    expect((await screen.findAllByText('Этот ИНН уже зарегистрирован в системе')).length).toBeGreaterThan(0);
    expect(email).toBeDisabled();

    await user.selectOptions(cert, screen.getByRole('option', { name: '(412000005) SOBIROV OTABEK' }));
    await waitFor(() => expect(email).toBeEnabled());
    const password = screen.getByLabelText(/^Пароль/);
    await user.type(password, 'Abc1!яй');
    expect(password).toHaveValue('Abc1!');
    await user.tab();
    expect(await screen.findByText('Пароль должен содержать не менее 8 символов')).toBeInTheDocument();
  });
});

describe('certificate sign-in screen', () => {
  it('explains that E-IMZO is not running instead of an empty list', async () => {
    pluginUp = false;
    renderPage(AuthInnPage, '/auth-inn');
    expect(await screen.findByRole('heading', { name: 'E-IMZO не запущен' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeDisabled();
  });
});

describe('password sign-in screen', () => {
  it('requires both fields and shows the status with the server message on failure', async () => {
    const user = userEvent.setup();
    renderPage(AuthLoginPage, '/auth-login');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getAllByText(/обязательно для заполнения/)).toHaveLength(2);
    await user.type(screen.getByLabelText(/Телефон или ИНН/), '302000001');
    await user.type(screen.getByLabelText(/^Пароль/), 'Wrong#2026');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('401: Неверный логин или пароль')).toBeInTheDocument();
  });
});
