import { useSyncExternalStore } from 'react';

// The signed-in person. Kept in localStorage so a reload keeps the session; the refresh token lives
// in an httpOnly cookie set by the server.
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

const STORAGE_KEY = 'profile';
const listeners = new Set<() => void>();
let cached: Profile | null | undefined;

function read(): Profile | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed.accessToken === 'string' && parsed.accessToken ? parsed : null;
  } catch {
    return null;
  }
}

export function getProfile(): Profile | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function getAccessToken(): string | null {
  return getProfile()?.accessToken ?? null;
}

function emit() {
  for (const l of listeners) l();
}

export function setProfile(profile: Profile) {
  cached = profile;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(profile));
  } catch {
    /* keep in memory only */
  }
  emit();
}

export function clearProfile() {
  cached = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
  emit();
}

export function subscribeProfile(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing out signs this one out too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) {
      cached = read();
      emit();
    }
  });
}

export function useProfile(): Profile | null {
  return useSyncExternalStore(subscribeProfile, getProfile, () => null);
}
