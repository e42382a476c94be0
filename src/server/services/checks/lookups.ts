import type { Unknown } from '../../../engine/checks';
import { UNKNOWN } from '../../../engine/checks';
import { type TaxAuthority, TaxServiceError } from '../soliq/types';

// The tax authority's answers a check reads, with what the person must be told about them: a demo
// answer is labelled demo, a refusal carries the authority's own words, and a slow or absent service
// is "not checked" — its fact is UNKNOWN, never a made-up "passed".

/** How long a check waits for a look-up (the adapter's own TTL cache answers at once when warm). */
export const LOOKUP_DEADLINE_MS = 2000;

export interface LookupNote {
  /** The answer came from the labelled demo registry. */
  demo: boolean;
  /** The tax authority's own words (a refusal, or the reason of a risk score). */
  reply: string | null;
  /** The look-up did not answer (timeout, unavailable, not configured). */
  failed: boolean;
}

export class Lookups {
  /** By look-up key (`vat:receiver`, `risk:sender`, …). */
  readonly notes = new Map<string, LookupNote>();
  private readonly calls = new Map<string, Promise<unknown>>();

  constructor(
    readonly authority: TaxAuthority,
    private readonly deadlineMs = LOOKUP_DEADLINE_MS,
  ) {}

  /** One call per key per evaluation; UNKNOWN when the service fails or is slower than the deadline. */
  ask<T>(key: string, call: () => Promise<T>): Promise<T | Unknown> {
    let found = this.calls.get(key) as Promise<T | Unknown> | undefined;
    if (!found) {
      found = this.run(key, call);
      this.calls.set(key, found);
    }
    return found;
  }

  private async run<T>(key: string, call: () => Promise<T>): Promise<T | Unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<Unknown>((resolve) => {
      timer = setTimeout(() => resolve(UNKNOWN), this.deadlineMs);
    });
    try {
      const answer = await Promise.race([call(), deadline]);
      if (answer === UNKNOWN) this.notes.set(key, { demo: false, reply: null, failed: true });
      else {
        const labelled = answer as { isDemo?: boolean; reply?: string | null } | null;
        this.notes.set(key, {
          demo: this.authority.kind === 'demo' || labelled?.isDemo === true,
          reply: labelled?.reply ?? null,
          failed: false,
        });
      }
      return answer;
    } catch (err) {
      this.notes.set(key, {
        demo: false,
        reply: err instanceof TaxServiceError ? err.reply : null,
        failed: true,
      });
      return UNKNOWN;
    } finally {
      clearTimeout(timer);
    }
  }
}
