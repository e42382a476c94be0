// Configuration of the tax authority's services (README "Configuration"; docs/reference.md).
//
//   SOLIQ_API_URL        base of the tax authority's API (the operations of /api/Soliq), e.g. https://…/api/Soliq
//   SOLIQ_API_TOKEN      sent as a bearer token; or SOLIQ_API_USER + SOLIQ_API_PASSWORD for Basic auth
//   FACTURA_API_URL      base of the invoice service (the operations of /api/Factura and Lot)
//   FACTURA_API_TOKEN    or FACTURA_API_USER + FACTURA_API_PASSWORD
//   TAX_TIMEOUT_MS       per request (default 5000); a slow service answers "not available", never hangs
//   TAX_RETRIES          further tries after a 5xx or a network failure (default 2)
//   TAX_CACHE_TTL_S      how long an answer is reused (default 3600; 0 turns the cache off)
//
// Unset SOLIQ_API_URL: the demo registry in demo mode, otherwise the look-ups answer "not configured".

export interface ServiceEndpoint {
  baseUrl: string;
  token?: string | null;
  user?: string | null;
  password?: string | null;
}

export interface TaxAuthorityConfig {
  mode: 'demo' | 'http' | 'unconfigured';
  soliq?: ServiceEndpoint;
  factura?: ServiceEndpoint;
  timeoutMs: number;
  retries: number;
  cacheTtlMs: number;
}

export class TaxConfigError extends Error {
  override name = 'TaxConfigError';
}

function url(name: string, raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  try {
    const parsed = new URL(raw.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    throw new TaxConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new TaxConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function endpoint(env: NodeJS.ProcessEnv, prefix: 'SOLIQ' | 'FACTURA'): ServiceEndpoint | undefined {
  const baseUrl = url(`${prefix}_API_URL`, env[`${prefix}_API_URL`]);
  if (!baseUrl) return undefined;
  const user = env[`${prefix}_API_USER`]?.trim() || null;
  const password = env[`${prefix}_API_PASSWORD`] || null;
  if (Boolean(user) !== Boolean(password)) {
    throw new TaxConfigError(`${prefix}_API_USER and ${prefix}_API_PASSWORD go together`);
  }
  return { baseUrl, token: env[`${prefix}_API_TOKEN`]?.trim() || null, user, password };
}

export function loadTaxAuthorityConfig(
  env: NodeJS.ProcessEnv,
  options: { demo: boolean },
): TaxAuthorityConfig {
  const soliq = endpoint(env, 'SOLIQ');
  const factura = endpoint(env, 'FACTURA');
  return {
    mode: soliq ? 'http' : options.demo ? 'demo' : 'unconfigured',
    soliq,
    factura,
    timeoutMs: integer('TAX_TIMEOUT_MS', env.TAX_TIMEOUT_MS, 5000, 100, 120_000),
    retries: integer('TAX_RETRIES', env.TAX_RETRIES, 2, 0, 5),
    cacheTtlMs: integer('TAX_CACHE_TTL_S', env.TAX_CACHE_TTL_S, 3600, 0, 7 * 86_400) * 1000,
  };
}
