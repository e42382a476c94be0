import type { MarkingConfig } from '../config';
import {
  type MarkingRegistry,
  MarkingServiceError,
  type RegistryAnswer,
  type RegistryQuery,
  type RegistryStatus,
} from '../types';

/**
 * The marking system's API over HTTP. CRPT Turon's API follows CRPT's "True API" (the Russian
 * operator's, whose software ASL BELGISI runs on): POST <base>/cises/info with a JSON array of codes
 * answers, per code, `cisInfo` { requestedCis, cis, status, ownerInn, child[] } (public SDKs of True
 * API; the operator's own documentation is behind a qualified-signature sign-in, so the field names
 * here were not checked against a live system — a different answer is reported "unavailable", never
 * read as "valid"). Bearer token from MARKING_API_TOKEN; a timeout on every request; batches of
 * MARKING_BATCH codes.
 */
const IN_CIRCULATION = new Set(['INTRODUCED']);
const OUT_OF_CIRCULATION = new Set([
  'RETIRED',
  'WRITTEN_OFF',
  'WITHDRAWN',
  'DISAGGREGATION',
  'DISAGGREGATED',
]);

interface CisInfo {
  requestedCis?: string;
  cis?: string;
  status?: string;
  ownerInn?: string;
  child?: unknown[];
  packageType?: string;
}

export class HttpMarkingRegistry implements MarkingRegistry {
  readonly kind = 'http' as const;
  constructor(
    private readonly config: MarkingConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async check(codes: readonly RegistryQuery[], owner: string): Promise<RegistryAnswer[]> {
    const out: RegistryAnswer[] = [];
    for (let i = 0; i < codes.length; i += this.config.batch) {
      const batch = codes.slice(i, i + this.config.batch);
      const infos = await this.post(batch.map((q) => q.code));
      const byCode = new Map<string, CisInfo>();
      for (const item of infos) {
        const info = (item as { cisInfo?: CisInfo })?.cisInfo;
        if (info) byCode.set(info.requestedCis ?? info.cis ?? '', info);
      }
      for (const query of batch) out.push(answerOf(query, byCode.get(query.code), owner));
    }
    return out;
  }

  private async post(codes: string[]): Promise<unknown[]> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.config.baseUrl}/cises/info`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(this.config.token ? { authorization: `Bearer ${this.config.token}` } : {}),
        },
        body: JSON.stringify(codes),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new MarkingServiceError(
        timeout ? 'timeout' : 'unavailable',
        timeout ? 'marking registry timed out' : 'marking registry unreachable',
      );
    }
    if (!response.ok)
      throw new MarkingServiceError('unavailable', `marking registry answered ${response.status}`);
    const body: unknown = await response.json().catch(() => null);
    if (!Array.isArray(body))
      throw new MarkingServiceError('unavailable', 'marking registry answered an unexpected shape');
    return body;
  }
}

function answerOf(query: RegistryQuery, info: CisInfo | undefined, owner: string): RegistryAnswer {
  if (!info?.status) return { code: query.code, status: 'unknown' };
  let status: RegistryStatus = 'unknown';
  if (OUT_OF_CIRCULATION.has(info.status)) status = 'retired';
  else if (IN_CIRCULATION.has(info.status))
    status = info.ownerInn && info.ownerInn !== owner ? 'otherOwner' : 'valid';
  const children = Array.isArray(info.child) ? info.child.length : undefined;
  return children
    ? { code: query.code, status, children, childLevel: query.level === 'transport' ? 'group' : 'consumer' }
    : { code: query.code, status };
}
