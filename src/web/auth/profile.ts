import { useSyncExternalStore } from 'react';

// The signed-in person, kept in memory only: the access token must not sit in storage that page
// scripts can read (an injected script could carry it away long after it ran). A reload loses it;
// the session goes on through the httpOnly refresh cookie: a non-secret marker in localStorage says
// "signed in here", and restoreSession() (api/session.ts) renews the token at start. Until that
// answers, `useSessionPending()` is true and the route guard waits instead of redirecting.
export interface Profile {
  accessToken: string;
  userId?: string;
  fullName?: string;
  tin?: string;
  pinfl?: string;
  organizationId?: string;
  organizationName?: string;
  role?: string;
  [key: string]: unknown;
}

/** "A session was started in this browser" — no token, no personal data. */
export const SIGNED_IN_MARKER = 'hujjat.signedIn';
/** Where earlier versions kept the whole profile, token included; removed at start. */
const LEGACY_PROFILE_KEY = 'profile';

const listeners = new Set<() => void>();
let current: Profile | null = null;
/** restoreSession() has answered (or there was nothing to restore). */
let settled = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function writeMarker(signedIn: boolean) {
  try {
    if (signedIn) storage()?.setItem(SIGNED_IN_MARKER, '1');
    else storage()?.removeItem(SIGNED_IN_MARKER);
  } catch {
    /* storage unavailable: the session simply does not survive a reload */
  }
}

/** Whether this browser holds a session to restore (the marker; the cookie itself is unreadable). */
export function hasSessionMarker(): boolean {
  try {
    return storage()?.getItem(SIGNED_IN_MARKER) === '1';
  } catch {
    return false;
  }
}

function emit() {
  for (const l of listeners) l();
}

export function getProfile(): Profile | null {
  return current;
}

export function getAccessToken(): string | null {
  return current?.accessToken ?? null;
}

export function setProfile(profile: Profile) {
  current = profile;
  settled = true;
  writeMarker(true);
  emit();
}

export function clearProfile() {
  current = null;
  settled = true;
  writeMarker(false);
  emit();
}

/** Marks the start-up restore as answered without a profile (the session had ended). */
export function settleSession() {
  if (settled) return;
  settled = true;
  emit();
}

/** A session marker without a profile yet: the renewal at start has not answered. */
export function isSessionPending(): boolean {
  return !settled && current === null && hasSessionMarker();
}

export function subscribeProfile(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  try {
    storage()?.removeItem(LEGACY_PROFILE_KEY);
  } catch {
    /* nothing stored */
  }
  // Another tab signing out signs this one out too.
  window.addEventListener('storage', (e) => {
    if (e.key === SIGNED_IN_MARKER && e.newValue === null && current) {
      current = null;
      emit();
    }
  });
}

export function useProfile(): Profile | null {
  return useSyncExternalStore(subscribeProfile, getProfile, () => null);
}

export function useSessionPending(): boolean {
  return useSyncExternalStore(subscribeProfile, isSessionPending, () => false);
}
