// Issue 27.4 in the browser: the header's switcher for a member of several organisations, the reset of
// everything cached for the previous one, and a stale tab (its organisation switched in another tab)
// that must not act for the new one.
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER } from '../../../src/engine/constants';
import { PATHS } from '../../../src/engine/routes';
import { apiFetch, setTokenRefresher } from '../../../src/web/api/client';
import { refreshAccessToken } from '../../../src/web/api/session';
import { clearProfile, getProfile, setProfile } from '../../../src/web/auth/profile';
import {
  CHOSEN_ORGANIZATION_KEY,
  resetFollowedOrganization,
} from '../../../src/web/layouts/followOrganization';
import { MainLayout } from '../../../src/web/layouts/MainLayout';
import { Toaster } from '../../../src/web/ui/toast/Toaster';

const A = { id: '00000000-0000-4000-8000-00000000000a', name: 'OOO «Alfa» (demo)', tin: '302000003' };
const B = { id: '00000000-0000-4000-8000-00000000000b', name: 'AJ «Beta» (demo)', tin: '302000001' };
const DRAFTS: Record<string, number> = { [A.id]: 3, [B.id]: 7 };

/** Tokens name the organisation they act for, as the server's do. */
const tokenFor = (org: { id: string }, n = 1) => `token-${org.id}-${n}`;
const orgOfToken = (auth: string | null) => [A, B].find((o) => auth?.includes(o.id));
const profileOf = (org: typeof A, n = 1) => ({
  accessToken: tokenFor(org, n),
  userId: 'u-1',
  fullName: 'Karimov Aziz (demo)',
  organizationId: org.id,
  organizationName: org.name,
  tin: org.tin,
  role: 'owner',
  organizationsCount: 2,
});

let revoked = new Set<string>();
let cookieOrg = A;
let accepted: Array<{ org: string; body: unknown }> = [];
let refusedAsChanged = 0;

/** What the server does with a token and the organisation header (src/server/auth/authenticate.ts). */
function check(request: Request) {
  const auth = request.headers.get('authorization');
  const token = auth?.replace('Bearer ', '') ?? '';
  const org = orgOfToken(auth);
  if (!org || revoked.has(token))
    return {
      error: HttpResponse.json({ success: false, code: 'UNAUTHORIZED', message: '401' }, { status: 401 }),
    };
  const expected = request.headers.get(ORGANIZATION_HEADER);
  if (expected && expected !== org.id) {
    refusedAsChanged += 1;
    return {
      error: HttpResponse.json(
        { success: false, code: 'ORGANIZATION_CHANGED', message: 'Организация сменилась в другой вкладке' },
        { status: 409 },
      ),
    };
  }
  return { org };
}

const server = setupServer(
  http.get('/api/Document/getCounts', ({ request }) => {
    const { org, error } = check(request);
    if (error) return error;
    return HttpResponse.json({ success: true, data: { drafts: DRAFTS[org.id], incomingAwaiting: 0 } });
  }),
  http.get('/api/probe', ({ request }) => {
    const { org, error } = check(request);
    return error ?? HttpResponse.json({ org: org.name });
  }),
  http.post('/api/send', async ({ request }) => {
    const { org, error } = check(request);
    if (error) return error;
    accepted.push({ org: org.id, body: await request.json() });
    return HttpResponse.json({ success: true });
  }),
  http.get('/api/Auth/getUserOrganization', ({ request }) => {
    const { org, error } = check(request);
    if (error) return error;
    return HttpResponse.json({
      success: true,
      data: [A, B].map((o) => ({
        ...o,
        pinfl: null,
        role: o === A ? 'owner' : 'accountant',
        current: o.id === org.id,
      })),
    });
  }),
  http.post('/api/Auth/chooseOrganization', async ({ request }) => {
    const { org, error } = check(request);
    if (error) return error;
    const { organizationId } = (await request.json()) as { organizationId: string };
    const chosen = [A, B].find((o) => o.id === organizationId)!;
    revoked.add(tokenFor(org));
    cookieOrg = chosen;
    return HttpResponse.json({ success: true, data: profileOf(chosen, 2) });
  }),
  http.get('/api/Auth/getUserInfo', ({ request }) => {
    const { org, error } = check(request);
    return error ?? HttpResponse.json({ success: true, data: profileOf(org) });
  }),
  http.get('/api/Auth/refreshToken', () =>
    HttpResponse.json({ success: true, data: profileOf(cookieOrg, 3) }),
  ),
  http.all('/api/*', () => HttpResponse.json({ success: true, data: {} })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  revoked = new Set();
  cookieOrg = A;
  accepted = [];
  refusedAsChanged = 0;
  clearProfile();
  resetFollowedOrganization();
  setTokenRefresher(refreshAccessToken);
});

/** A screen of the app: what the organisation's list says, and a form sent for it. */
function Probe() {
  const probe = useQuery({
    queryKey: ['probe'],
    queryFn: () => apiFetch<{ org: string }>('/api/probe'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const send = useMutation({ mutationFn: () => apiFetch('/api/send', { method: 'POST', body: { n: 1 } }) });
  return (
    <div>
      <p>page for {probe.data?.org ?? '…'}</p>
      <button type="button" onClick={() => send.mutate()}>
        send
      </button>
      {send.error && <p role="alert">{send.error.message}</p>}
    </div>
  );
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ element: <MainLayout />, children: [{ path: '*', element: <Probe /> }] }],
    { initialEntries: ['/documents/drafts'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { client, router };
}

describe('organisation switcher', () => {
  it('a member of one organisation sees its name, no switcher', async () => {
    setProfile({ ...profileOf(A), organizationsCount: 1 });
    renderApp();
    expect(await screen.findByText(A.name)).toBeInTheDocument();
    expect(screen.queryByTestId('org-switch')).toBeNull();
  });

  it('switches: lists and counts are the chosen one’s, nothing cached of the first is shown', async () => {
    setProfile(profileOf(A));
    const { client, router } = renderApp();
    expect(await screen.findByText(`page for ${A.name}`)).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryData(['Document', 'counts'])).toMatchObject({ drafts: 3 }));

    fireEvent.click(screen.getByTestId('org-switch'));
    const panel = within(await screen.findByRole('region', { name: 'Организация' }));
    const option = await panel.findByRole('button', { name: /Beta/ });
    expect(panel.getByRole('button', { name: /Alfa/ })).toHaveAttribute('aria-current', 'true');
    expect(option).toHaveTextContent('Бухгалтер');
    fireEvent.click(option);

    await waitFor(() => expect(getProfile()?.organizationId).toBe(B.id));
    // The screen is B's as soon as it shows anything: never A's list under B's name.
    await waitFor(() => expect(screen.queryByText(`page for ${A.name}`)).toBeNull());
    expect(await screen.findByText(`page for ${B.name}`)).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryData(['Document', 'counts'])).toMatchObject({ drafts: 7 }));
    expect(router.state.location.pathname).toBe(PATHS.incoming);
    expect(await screen.findByText(`Вы действуете от имени «${B.name}»`)).toBeInTheDocument();
    // The other tabs are told (an id and a time, no token).
    expect(localStorage.getItem(CHOSEN_ORGANIZATION_KEY)).toMatch(new RegExp(`^${B.id} \\d+$`));
  });

  it('a stale tab: its form filled for the first organisation is not sent for the second', async () => {
    setProfile(profileOf(A));
    renderApp();
    expect(await screen.findByText(`page for ${A.name}`)).toBeInTheDocument();
    // Another tab chose B: the session of this tab's token ended, the shared cookie is B's now.
    revoked.add(tokenFor(A));
    cookieOrg = B;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'send' }));
    });
    // 401 → renewal from the cookie → a token for B; the retry still names A: refused, nothing sent.
    await waitFor(() => expect(refusedAsChanged).toBeGreaterThan(0));
    expect(accepted).toEqual([]);
    // The tab says so, shows B's data fetched afresh (the form filled for A is gone), and acts for B.
    expect(
      await screen.findByText(/В другой вкладке выбрана организация «AJ «Beta» \(demo\)»/),
    ).toBeInTheDocument();
    expect(getProfile()?.organizationId).toBe(B.id);
    expect(await screen.findByText(`page for ${B.name}`)).toBeInTheDocument();
    expect(screen.queryByText(`page for ${A.name}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(accepted).toEqual([{ org: B.id, body: { n: 1 } }]));
  });

  it('another tab’s choice is heard at once (storage event) and this tab follows it', async () => {
    setProfile(profileOf(A));
    renderApp();
    expect(await screen.findByText(`page for ${A.name}`)).toBeInTheDocument();
    revoked.add(tokenFor(A));
    cookieOrg = B;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: CHOSEN_ORGANIZATION_KEY, newValue: `${B.id} ${Date.now()}` }),
      );
    });
    expect(await screen.findByText(`page for ${B.name}`)).toBeInTheDocument();
    expect(getProfile()?.organizationId).toBe(B.id);
  });
});
