import { apiFetch } from './client';

// Where the signing calls go (spec §7: "sign-action run requests have the host rewritten with a
// subdomain prefix"): the server names the sign host of this page's host in Config/client's
// signOrigin (SIGN_SUBDOMAIN, docs/signing.md); without one, this host. Read once per page.

let signOrigin: Promise<string | null> | null = null;

function loadSignOrigin(): Promise<string | null> {
  signOrigin ??= apiFetch<{ signOrigin?: string | null }>('/api/Config/client', { quiet: true }).then(
    (config) => config?.signOrigin ?? null,
    () => {
      signOrigin = null;
      return null;
    },
  );
  return signOrigin;
}

/**
 * The path of a DocumentSignAction call: on the sign host when the server names one (written
 * scheme-relative, `//sign.example.uz/api/…`, so apiFetch keeps it and the page's scheme is kept),
 * else this host's `/api/…`.
 */
export async function signActionPath(operation: 'run' | 'multiRun'): Promise<string> {
  const origin = await loadSignOrigin();
  const path = `/api/DocumentSignAction/${operation}`;
  return origin ? `${origin.replace(/^https?:/, '')}${path}` : path;
}

/** Tests: forget the origin read. */
export function resetSignOrigin() {
  signOrigin = null;
}
