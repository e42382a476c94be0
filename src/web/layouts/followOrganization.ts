import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { getProfile, type Profile, subscribeProfile } from '../auth/profile';

// The organisation a tab acts for decides every list, count and document it shows. When it changes —
// chosen here, chosen in another tab (the shared refresh cookie renews this tab's token for it), or
// another person signing in — nothing cached for the previous one may be shown: the query cache is
// reset (active queries fetch again, for the new organisation) before the screens render again.

/** A non-secret note "this organisation was just chosen" that tells the other tabs at once. */
export const CHOSEN_ORGANIZATION_KEY = 'hujjat.organization';

const keyOf = (profile: Profile | null) =>
  profile ? `${profile.userId ?? ''}/${profile.organizationId ?? ''}` : null;

/** What this tab last acted for; kept across mounts of the layout (undefined: not known yet). */
let last: string | null | undefined;
/** The organisation this tab's own switcher is choosing (the change is not news from elsewhere). */
let choosing: string | null = null;

/** Call before storing the profile of an organisation chosen in this tab. */
export function choosingHere(organizationId: string) {
  choosing = organizationId;
}

/**
 * Follows the signed-in organisation: on a change the cache is reset and `onSwitched` gets the new
 * profile and whether this tab chose it (not on sign-out or the first sign-in). Returns the
 * unsubscribe function.
 */
export function followOrganization(
  client: QueryClient,
  onSwitched: (profile: Profile, chosenHere: boolean) => void,
): () => void {
  const check = () => {
    const profile = getProfile();
    const key = keyOf(profile);
    if (key === last) return;
    const before = last;
    last = key;
    if (before === undefined) return;
    client.getMutationCache().clear();
    void client.resetQueries();
    const here = choosing !== null && choosing === profile?.organizationId;
    choosing = null;
    if (profile && before !== null) onSwitched(profile, here);
  };
  check();
  const unsubscribe = subscribeProfile(check);
  // Another tab chose an organisation: this tab's session has ended with it, and the next request
  // would find out (401, renewal from the cookie). Ask now, so this tab does not show the old one.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CHOSEN_ORGANIZATION_KEY || !e.newValue) return;
    if (e.newValue.split(' ')[0] !== getProfile()?.organizationId)
      void apiFetch('/api/Auth/getUserInfo').catch(() => undefined);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** Tells the other tabs which organisation this one chose (an id, not a secret). */
export function announceOrganization(organizationId: string) {
  try {
    // The time makes every choice a change, so the other tabs hear of it even when the id repeats.
    localStorage.setItem(CHOSEN_ORGANIZATION_KEY, `${organizationId} ${Date.now()}`);
  } catch {
    /* storage unavailable: the other tabs find out at their next request */
  }
}

/** For tests: forget what the tab acted for. */
export function resetFollowedOrganization() {
  last = undefined;
  choosing = null;
}
