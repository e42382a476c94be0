import { render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../../src/web/api/session';
import {
  clearProfile,
  getProfile,
  isSessionPending,
  SIGNED_IN_MARKER,
  setProfile,
} from '../../src/web/auth/profile';
import type { RouteGuard } from '../../src/web/auth/RouteGuard';

// The access token lives in memory only; a reload keeps the session through the httpOnly refresh
// cookie: a non-secret marker, and a refresh at start before the route guard decides.

let refreshAnswer: () => Response = () => HttpResponse.json({ success: false }, { status: 401 });
let refreshCalls = 0;
const server = setupServer(
  http.get('*/api/Auth/refreshToken', () => {
    refreshCalls++;
    return refreshAnswer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  refreshCalls = 0;
});
afterEach(() => server.resetHandlers());

/** What a reload leaves: no profile in memory, and whatever is in localStorage. */
async function reload(withMarker: boolean) {
  clearProfile();
  if (withMarker) localStorage.setItem(SIGNED_IN_MARKER, '1');
  // A fresh module state: nothing settled yet, as at page start.
  vi.resetModules();
  const profile = await import('../../src/web/auth/profile');
  const session = await import('../../src/web/api/session');
  const guard = await import('../../src/web/auth/RouteGuard');
  return { profile, session, RouteGuard: guard.RouteGuard };
}

function renderGuarded(Guard: typeof RouteGuard, path: string) {
  const here = (name: string) => ({ path: name, element: <div>page {name}</div> });
  const router = createMemoryRouter(
    [
      {
        element: (
          <Guard>
            <Outlet />
          </Guard>
        ),
        children: [here('/auth-inn'), here('/documents/incoming'), here('/documents/view/:id')],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the profile in memory', () => {
  it('keeps the token out of localStorage and leaves only a marker', () => {
    setProfile({ accessToken: 'secret-access-token', fullName: 'Aliyev Akmal', phone: '998901000001' });
    expect(getProfile()?.accessToken).toBe('secret-access-token');
    expect({ ...localStorage }).toEqual({ [SIGNED_IN_MARKER]: '1' });
    clearProfile();
    expect(getProfile()).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_MARKER)).toBeNull();
  });

  it('removes a profile an earlier version left in localStorage', async () => {
    localStorage.setItem('profile', JSON.stringify({ accessToken: 'old-token' }));
    vi.resetModules();
    await import('../../src/web/auth/profile');
    expect(localStorage.getItem('profile')).toBeNull();
  });

  it('signs this tab out when another tab signs out', () => {
    setProfile({ accessToken: 't' });
    localStorage.removeItem(SIGNED_IN_MARKER);
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_MARKER, newValue: null }));
    expect(getProfile()).toBeNull();
  });
});

describe('after a reload', () => {
  it('renews the token from the cookie and lets the guarded page through', async () => {
    const { session, profile, RouteGuard: Guard } = await reload(true);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    refreshAnswer = () =>
      HttpResponse.json({ success: true, data: { accessToken: 'renewed', tin: '302000001' } });
    server.use(
      http.get('*/api/Auth/refreshToken', async () => {
        refreshCalls++;
        await answered;
        return refreshAnswer();
      }),
    );
    expect(profile.isSessionPending()).toBe(true);
    const router = renderGuarded(Guard, '/documents/view/42');
    const restored = session.restoreSession();
    // Waiting for the cookie's answer: no redirect to sign-in meanwhile.
    expect(router.state.location.pathname).toBe('/documents/view/42');
    expect(screen.queryByText('page /documents/view/:id')).not.toBeInTheDocument();
    answer();
    expect(await restored).toBe(true);
    expect(await screen.findByText('page /documents/view/:id')).toBeInTheDocument();
    expect(profile.getAccessToken()).toBe('renewed');
    expect(refreshCalls).toBe(1);
  });

  it('goes to sign-in when the session has ended, and forgets the marker', async () => {
    const { session, RouteGuard: Guard } = await reload(true);
    refreshAnswer = () =>
      HttpResponse.json({ success: false, code: 'INVALID_REFRESH_TOKEN' }, { status: 401 });
    const router = renderGuarded(Guard, '/documents/incoming');
    expect(await session.restoreSession()).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth-inn'));
    expect(router.state.location.state).toEqual({ from: '/documents/incoming' });
    expect(localStorage.getItem(SIGNED_IN_MARKER)).toBeNull();
  });

  it.each([
    ['no answer (the page was reloaded mid-request)', () => HttpResponse.error()],
    ['429', () => HttpResponse.json({ success: false, code: 'RATE_LIMITED' }, { status: 429 })],
    ['503', () => HttpResponse.json({ success: false }, { status: 503 })],
  ])('keeps the marker when the renewal gets %s: the session may stand', async (_what, failure) => {
    const { session, profile, RouteGuard: Guard } = await reload(true);
    refreshAnswer = failure as () => Response;
    const router = renderGuarded(Guard, '/documents/incoming');
    expect(await session.restoreSession()).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth-inn'));
    // The page that replaces this one (a reload) or another tab restores the session from the cookie.
    expect(localStorage.getItem(SIGNED_IN_MARKER)).toBe('1');
    expect(profile.isSessionPending()).toBe(false);
  });

  it('asks nothing when this browser never signed in', async () => {
    const { session, profile, RouteGuard: Guard } = await reload(false);
    expect(profile.isSessionPending()).toBe(false);
    const router = renderGuarded(Guard, '/documents/incoming');
    expect(await session.restoreSession()).toBe(false);
    expect(router.state.location.pathname).toBe('/auth-inn');
    expect(refreshCalls).toBe(0);
  });
});

it('isSessionPending is false once a profile is set', async () => {
  setProfile({ accessToken: 'x' });
  expect(isSessionPending()).toBe(false);
  await expect(restoreSession()).resolves.toBe(true);
});
