// Long polling: a reader with nothing new waits until a feed row may have committed. Every committing
// writer of feed rows sends NOTIFY hujjat_feed (migration 0130), delivered after its commit; one LISTEN
// per instance (Db.listen, as the job queue) wakes every waiting reader, which reads again. Without
// LISTEN (a lost connection, a test double) readers look again every FEED_RECHECK_MS.
import type { Db } from '../../db/client';

export const FEED_CHANNEL = 'hujjat_feed';
/** Readers look again at least this often, notified or not (a missed notification costs this much). */
export const FEED_RECHECK_MS = 2_000;

export interface FeedWake {
  /** Increases on every notification: read it before a read, wait for a change after it. */
  generation(): number;
  /**
   * Resolves when the generation moves past `seen`, after `ms` (at most `recheckMs`, default
   * FEED_RECHECK_MS), or when `signal` aborts.
   */
  after(seen: number, ms: number, signal?: AbortSignal, recheckMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createFeedWake(db: Db): FeedWake {
  let generation = 0;
  const waiting = new Set<() => void>();
  const wakeAll = () => {
    generation += 1;
    for (const wake of [...waiting]) wake();
  };
  let unlisten: (() => Promise<void>) | null = null;
  let listening: Promise<void> | null = null;
  const listen = () => {
    listening ??= (async () => {
      if (!db.listen) return;
      try {
        unlisten = await db.listen(FEED_CHANNEL, wakeAll, wakeAll);
      } catch {
        // Readers fall back to looking again every FEED_RECHECK_MS.
      }
    })();
    return listening;
  };
  return {
    generation: () => generation,
    async after(seen, ms, signal, recheckMs = FEED_RECHECK_MS) {
      await listen();
      if (generation !== seen || signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(ms, recheckMs));
        waiting.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    async close() {
      for (const wake of [...waiting]) wake();
      await listening;
      await unlisten?.();
    },
  };
}
