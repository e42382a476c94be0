import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, apiFetch, buildUrl } from '../../src/web/api/client';
import { type ApiEvent, onApiEvent } from '../../src/web/api/events';
import { getProfile, setProfile } from '../../src/web/auth/profile';

const seen: { auth?: string | null; lang?: string | null } = {};
const server = setupServer(
  http.get('/api/echo', ({ request }) => {
    seen.auth = request.headers.get('authorization');
    seen.lang = request.headers.get('accept-language');
    return HttpResponse.json({ ok: true });
  }),
  http.get('/api/unauthorized', () =>
    HttpResponse.json({ success: false, message: 'Войдите заново' }, { status: 401 }),
  ),
  http.get('/api/down', () => new HttpResponse('gateway', { status: 502, statusText: 'Bad Gateway' })),
  http.get(
    '/api/teapot',
    () => new HttpResponse('short and stout', { status: 418, statusText: "I'm a teapot" }),
  ),
  http.get('/api/bad', () =>
    HttpResponse.json({ success: false, code: 'VALIDATION', message: 'ИНН неверный' }, { status: 400 }),
  ),
  http.get('/api/offline', () => HttpResponse.error()),
  http.get(
    '/api/pdf',
    () =>
      new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function collectEvents() {
  const events: ApiEvent[] = [];
  const off = onApiEvent((e) => events.push(e));
  return { events, off };
}

describe('apiFetch', () => {
  it('sends the bearer token and the language', async () => {
    setProfile({ accessToken: 'token-1' });
    await apiFetch('/api/echo');
    expect(seen.auth).toBe('Bearer token-1');
    expect(seen.lang).toBe('ru');
  });

  it('clears the profile on 401', async () => {
    setProfile({ accessToken: 'token-2' });
    await expect(apiFetch('/api/unauthorized')).rejects.toMatchObject({
      status: 401,
      message: 'Войдите заново',
    });
    expect(getProfile()).toBeNull();
  });

  it('reports server problems and network errors to the shell', async () => {
    const { events, off } = collectEvents();
    await expect(apiFetch('/api/down')).rejects.toBeInstanceOf(ApiRequestError);
    await expect(apiFetch('/api/offline')).rejects.toMatchObject({ status: 0 });
    off();
    expect(events).toEqual([
      { type: 'server-problem', status: 502 },
      { type: 'server-problem', status: null },
    ]);
  });

  it('uses the server message, else a default message by status', async () => {
    await expect(apiFetch('/api/bad')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'ИНН неверный',
    });
    await expect(apiFetch('/api/down', { quiet: true })).rejects.toMatchObject({
      message: 'Ошибка шлюза (502 Bad Gateway)',
    });
    await expect(apiFetch('/api/teapot')).rejects.toMatchObject({
      message: "Ошибка 418 I'm a teapot: short and stout",
    });
  });

  it('quiet requests leave the shell alone', async () => {
    setProfile({ accessToken: 'token-3' });
    const { events, off } = collectEvents();
    await expect(apiFetch('/api/unauthorized', { quiet: true })).rejects.toMatchObject({ status: 401 });
    await expect(apiFetch('/api/down', { quiet: true })).rejects.toMatchObject({ status: 502 });
    off();
    expect(events).toEqual([]);
    expect(getProfile()?.accessToken).toBe('token-3');
  });

  it('returns binary answers as a Blob', async () => {
    const blob = await apiFetch<Blob>('/api/pdf', { responseType: 'blob' });
    expect(blob.size).toBe(4);
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/Lgota/x', { page: 1, size: 18, tin: '', name: null, q: 'a b' })).toBe(
      '/api/Lgota/x?page=1&size=18&q=a+b',
    );
  });
});

describe('apiFetch with an expired access token', () => {
  it('renews the token once and retries, keeping the person signed in', async () => {
    const { setTokenRefresher } = await import('../../src/web/api/client');
    setProfile({ accessToken: 'old' });
    server.use(
      http.get('/api/protected', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ data: 42 })
          : HttpResponse.json({ success: false, message: 'expired' }, { status: 401 }),
      ),
    );
    let calls = 0;
    setTokenRefresher(async () => {
      calls++;
      setProfile({ accessToken: 'new' });
      return true;
    });
    try {
      await expect(apiFetch('/api/protected')).resolves.toEqual({ data: 42 });
      expect(calls).toBe(1);
      expect(getProfile()?.accessToken).toBe('new');
    } finally {
      setTokenRefresher(null);
    }
  });

  it('signs out when the session cannot be renewed', async () => {
    const { setTokenRefresher } = await import('../../src/web/api/client');
    setProfile({ accessToken: 'old' });
    setTokenRefresher(async () => false);
    try {
      await expect(apiFetch('/api/unauthorized')).rejects.toMatchObject({ status: 401 });
      expect(getProfile()).toBeNull();
    } finally {
      setTokenRefresher(null);
    }
  });
});
