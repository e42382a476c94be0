import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_TOAST_DELAY_MS } from '../../../src/engine/constants';
import { clearProfile, getProfile } from '../../../src/web/auth/profile';
import AuthInnPage from '../../../src/web/pages/auth/AuthInnPage';
import { Toaster } from '../../../src/web/ui';

// Certificate sign-in in the browser, the whole way: the plug-in lists a key and signs the server's
// challenge, the server answers the profile; the page keeps it (in memory), goes to incoming
// documents and shows the success toast SIGN_IN_TOAST_DELAY_MS later (spec §2).

const ALIAS =
  'cn=aliyev akmal,o=demo savdo,uid=412000001,1.2.860.3.16.1.2=31505850123451,1.2.860.3.16.1.1=302000001,serialnumber=a1,validfrom=2025.01.01 00:00:00,validto=2099.01.01 23:59:59';
const CHALLENGE = '0b3c1f9e-6c1d-4a8e-9a53-1f2e3d4c5b6a';
const signed: string[] = [];

class FakePluginSocket {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    setTimeout(() => this.onopen?.(), 0);
  }
  send(text: string) {
    const req = JSON.parse(text);
    const key = `${req.plugin ?? ''}.${req.name}`;
    if (key === 'pkcs7.create_pkcs7') signed.push(atob(req.arguments[0]));
    const replies: Record<string, unknown> = {
      '.version': { success: true, major: '6', minor: '4', patch: '7' },
      '.apikey': { success: true },
      'pfx.list_all_certificates': {
        success: true,
        certificates: [{ disk: 'keys/', path: 'DSKEYS', name: 'director', alias: ALIAS }],
      },
      'pfx.load_key': { success: true, keyId: 'key-1' },
      'pkcs7.create_pkcs7': { success: true, pkcs7_64: 'UEtDUzcgb3ZlciB0aGUgY2hhbGxlbmdl' },
    };
    setTimeout(
      () => this.onmessage?.({ data: JSON.stringify(replies[key] ?? { success: false, reason: key }) }),
      0,
    );
  }
  close() {}
}

const sentSignatures: unknown[] = [];
const server = setupServer(
  http.get('*/api/Config/client', () =>
    HttpResponse.json({
      eimzo: { wsUrl: 'ws://127.0.0.1:1/service/cryptapi', apiKey: 'KEY', domain: 'localhost' },
      demo: false,
    }),
  ),
  http.get('*/api/Eimzo/getChallenge', () =>
    HttpResponse.json({ success: true, code: 1, data: { challenge: CHALLENGE, ttl: 120 } }),
  ),
  http.post('*/api/Eimzo/EimzoAuth', async ({ request }) => {
    sentSignatures.push(await request.json());
    return HttpResponse.json({
      success: true,
      message: 'Вы вошли в систему',
      data: {
        accessToken: 'access-from-certificate',
        tin: '302000001',
        role: 'owner',
        organizationName: 'Demo Savdo',
      },
    });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.stubGlobal('WebSocket', FakePluginSocket);
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

describe('certificate sign-in', () => {
  it('signs the challenge, keeps the profile, opens incoming documents, then shows the toast', async () => {
    clearProfile();
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/auth-inn', element: <AuthInnPage /> },
        { path: '/documents/incoming', element: <div>incoming documents</div> },
      ],
      { initialEntries: ['/auth-inn'] },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('radio', { name: /ALIYEV AKMAL/ }));
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/incoming'));
    // The toast waits for the incoming list to settle first: not there on arrival, then shown.
    expect(screen.queryByText('Вы вошли в систему')).not.toBeInTheDocument();
    expect(await screen.findByText('Вы вошли в систему')).toBeInTheDocument();
    expect(timers.mock.calls.some(([, delay]) => delay === SIGN_IN_TOAST_DELAY_MS)).toBe(true);
    timers.mockRestore();

    expect(signed).toEqual([CHALLENGE]);
    expect(sentSignatures).toEqual([
      { pkcs7: 'UEtDUzcgb3ZlciB0aGUgY2hhbGxlbmdl', pkcs7b64: 'UEtDUzcgb3ZlciB0aGUgY2hhbGxlbmdl' },
    ]);
    expect(getProfile()).toMatchObject({ accessToken: 'access-from-certificate', tin: '302000001' });
    // The token is not written where page scripts could read it later.
    expect(JSON.stringify({ ...localStorage })).not.toContain('access-from-certificate');
  });
});
