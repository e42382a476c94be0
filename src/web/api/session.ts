import {
  clearProfile,
  getProfile,
  hasSessionMarker,
  type Profile,
  SIGNED_IN_MARKER,
  setProfile,
  settleSession,
} from '../auth/profile';
import { refreshSession } from './auth';

// Keeps a signed-in session alive: access tokens live 15 minutes, in memory (auth/profile.ts);
// before one runs out the rotating refresh token (httpOnly cookie) buys the next, and after a reload
// restoreSession() buys one at once. Tabs share one cookie, so refreshes are serialized across tabs
// (Web Locks) — two tabs presenting the same refresh token would look like token theft to the server
// and end the session.

/** Refresh when less than this is left. */
const REFRESH_MARGIN_MS = 2 * 60_000;
const CHECK_EVERY_MS = 30_000;
const LOCK_NAME = 'hujjat-session-refresh';

/** The `exp` of a JWT in milliseconds, or null when the token is not a JWT. */
export function accessTokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function needsRefresh(profile: Pick<Profile, 'accessToken'> | null, now = Date.now()): boolean {
  if (!profile) return false;
  const exp = accessTokenExpiry(profile.accessToken);
  return exp !== null && exp - now < REFRESH_MARGIN_MS;
}

let inflight: Promise<boolean> | null = null;

/**
 * Gets a new access token now (once per moment across tabs); false when the session has ended. A
 * tab without a token (just reloaded) asks for one; a tab whose token is still fresh keeps it —
 * unless it is the `refused` one: its session ended while the cookie's goes on (an organisation
 * chosen, a password changed in another tab), and the cookie's session is this tab's now.
 */
export function refreshAccessToken(refused?: string): Promise<boolean> {
  const run = async () => {
    const profile = getProfile();
    if (profile && !needsRefresh(profile) && profile.accessToken !== refused) return true;
    const next = await refreshSession();
    if (!next) return false;
    setProfile({ ...getProfile(), ...next });
    return true;
  };
  inflight ??= (
    typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK_NAME, run) : run()
  ).finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * After a reload: when this browser holds a session (the marker), renews the access token from the
 * refresh cookie before the guarded screens decide anything. True when signed in afterwards.
 */
export async function restoreSession(): Promise<boolean> {
  if (getProfile()) return true;
  if (!hasSessionMarker()) {
    settleSession();
    return false;
  }
  let renewed: boolean;
  try {
    renewed = await refreshAccessToken();
  } catch {
    // No answer (or a refusal that is not "ended"): keep the marker — another tab, or the page that
    // replaces this one on a reload, still holds the session — and start this page without it.
    settleSession();
    return false;
  }
  if (!renewed) clearProfile();
  return renewed;
}

/**
 * Starts refreshing the signed-in user's access token ahead of its expiry (checked every 30 s and
 * when the tab becomes visible), and picks up a sign-in made in another tab. Returns a stop
 * function. Call once at application start, after restoreSession().
 */
export function startSessionKeeper(): () => void {
  const tick = () => {
    // A renewal without an answer is tried again at the next tick.
    if (needsRefresh(getProfile())) refreshAccessToken().catch(() => undefined);
  };
  const timer = setInterval(tick, CHECK_EVERY_MS);
  const onVisible = () => document.visibilityState === 'visible' && tick();
  const onStorage = (e: StorageEvent) => {
    if (e.key === SIGNED_IN_MARKER && e.newValue && !getProfile()) void restoreSession();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('storage', onStorage);
  tick();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
  };
}
