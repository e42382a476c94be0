// Configuration of the marking system's API (ASL BELGISI, operator CRPT Turon; docs/marking.md).
//
//   MARKING_API_URL         base of the registry's API (its `cises/info` operation is appended)
//   MARKING_API_TOKEN       sent as a bearer token (never logged)
//   MARKING_TIMEOUT_MS      per request (default 5000); a slow registry answers "not available"
//   MARKING_BATCH           codes per request (default 1000, at most 10,000)
//
// Unset MARKING_API_URL: the demo registry in demo mode (never in production), otherwise the check
// answers "not configured".

export interface MarkingConfig {
  mode: 'demo' | 'http' | 'unconfigured';
  baseUrl?: string;
  token?: string | null;
  timeoutMs: number;
  batch: number;
}

export class MarkingConfigError extends Error {
  override name = 'MarkingConfigError';
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new MarkingConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

export function loadMarkingConfig(
  env: NodeJS.ProcessEnv,
  options: { demo: boolean; production: boolean },
): MarkingConfig {
  const raw = env.MARKING_API_URL?.trim();
  let baseUrl: string | undefined;
  if (raw) {
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
      baseUrl = parsed.toString().replace(/\/+$/, '');
    } catch {
      throw new MarkingConfigError(`MARKING_API_URL must be an http(s) URL, got "${raw}"`);
    }
  }
  return {
    mode: baseUrl ? 'http' : options.demo && !options.production ? 'demo' : 'unconfigured',
    baseUrl,
    token: env.MARKING_API_TOKEN?.trim() || null,
    timeoutMs: integer('MARKING_TIMEOUT_MS', env.MARKING_TIMEOUT_MS, 5000, 100, 120_000),
    batch: integer('MARKING_BATCH', env.MARKING_BATCH, 1000, 1, 10_000),
  };
}
