import type { Profile } from '../auth/profile';
import { ApiRequestError, apiFetch } from './client';

// Calls of the Auth and Eimzo groups used by the sign-in and registration screens (spec §7). They run
// `quiet`: a refused sign-in is shown on the screen, not as a sign-out or the server-problem modal.

export interface SignInAnswer {
  success: boolean;
  message?: string;
  data: Profile;
}

export function login(body: { phone: string; password: string; rememberMe: boolean }) {
  return apiFetch<SignInAnswer>('/api/Auth/Login', { method: 'POST', body, quiet: true });
}

export function eimzoAuth(pkcs7: string) {
  return apiFetch<SignInAnswer>('/api/Eimzo/EimzoAuth', {
    method: 'POST',
    body: { pkcs7, pkcs7b64: pkcs7 },
    quiet: true,
  });
}

/** Resolves when the TIN/PINFL has no account yet; rejects with status 400 when it has one. */
export function isRegistered(tinOrPinfl: string) {
  return apiFetch<{ success: boolean }>('/api/Auth/IsRegistered', { query: { tinOrPinfl }, quiet: true });
}

export function registerBySignature(signature: string) {
  return apiFetch<{ success: boolean; message?: string }>('/api/Auth/RegisterBySignature', {
    method: 'POST',
    body: { signature },
    quiet: true,
  });
}

/**
 * A new access token from the refresh cookie; null when the server says the session has ended (401).
 * Any other failure — no answer (a page reloaded mid-request aborts it), 429, 5xx — throws: the
 * session may well stand, and ending it there signed out the page that replaced this one.
 */
export async function refreshSession(): Promise<Profile | null> {
  try {
    const answer = await apiFetch<SignInAnswer>('/api/Auth/refreshToken', { quiet: true });
    return answer?.data ?? null;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** Ends the server session (revokes the refresh family, clears the cookie); never throws. */
export async function logout(): Promise<void> {
  await apiFetch('/api/Auth/logout', { method: 'POST', quiet: true }).catch(() => undefined);
}

export interface UserOrganization {
  id: string;
  name: string;
  tin: string | null;
  pinfl: string | null;
  role: string;
  current: boolean;
}

/** The organisations the signed-in person belongs to (for an organisation switcher). */
export async function getUserOrganizations(): Promise<UserOrganization[]> {
  return (await apiFetch<{ data: UserOrganization[] }>('/api/Auth/getUserOrganization')).data;
}

/** Acts for another organisation: answers a new profile (store it with setProfile). */
export async function chooseOrganization(organizationId: string): Promise<Profile> {
  return (
    await apiFetch<SignInAnswer>('/api/Auth/chooseOrganization', { method: 'POST', body: { organizationId } })
  ).data;
}

export async function updatePassword(body: {
  oldPassword?: string;
  newPassword: string;
  confirmPassword?: string;
}): Promise<Profile> {
  return (await apiFetch<SignInAnswer>('/api/Auth/updatePassword', { method: 'POST', body })).data;
}
