import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenExpiry, needsRefresh, refreshAccessToken } from '../../../src/web/api/session';
import { getProfile, setProfile } from '../../../src/web/auth/profile';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
const nowS = () => Math.floor(Date.now() / 1000);

let refreshCalls = 0;
const server = setupServer(
  http.get('*/api/Auth/refreshToken', () => {
    refreshCalls++;
    return HttpResponse.json({
      success: true,
      data: { accessToken: jwt(nowS() + 900), organizationName: 'Org' },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  refreshCalls = 0;
});
afterAll(() => server.close());

describe('session keeper', () => {
  it('reads the expiry of an access token', () => {
    expect(accessTokenExpiry(jwt(100))).toBe(100_000);
    expect(accessTokenExpiry('not-a-jwt')).toBeNull();
  });

  it('refreshes only when less than two minutes are left', () => {
    expect(needsRefresh({ accessToken: jwt(nowS() + 60) })).toBe(true);
    expect(needsRefresh({ accessToken: jwt(nowS() + 600) })).toBe(false);
    expect(needsRefresh(null)).toBe(false);
  });

  it('replaces the access token and keeps the rest of the profile; concurrent calls share one request', async () => {
    setProfile({ accessToken: jwt(nowS() + 30), fullName: 'Person' });
    const [a, b] = await Promise.all([refreshAccessToken(), refreshAccessToken()]);
    expect([a, b]).toEqual([true, true]);
    expect(refreshCalls).toBe(1);
    expect(getProfile()).toMatchObject({ fullName: 'Person', organizationName: 'Org' });
    expect(needsRefresh(getProfile())).toBe(false);
  });

  it('reports an ended session', async () => {
    server.use(
      http.get('*/api/Auth/refreshToken', () =>
        HttpResponse.json({ success: false, code: 'X', message: 'ended' }, { status: 401 }),
      ),
    );
    setProfile({ accessToken: jwt(nowS() + 30) });
    expect(await refreshAccessToken()).toBe(false);
  });
});
