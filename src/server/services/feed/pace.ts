// A follower that is caught up (its last page was not full) and asks again at once is held until
// FEED_MIN_INTERVAL_MS have passed since that answer, then answered with everything since. Under a
// steady flow of events a follower that reads in a loop would otherwise get a page per event, spend
// its 120 requests a minute in the first seconds and wait out 429s (bench:events measured p95 40 s);
// held, it makes at most 100 requests a minute and sees an event at most this interval late. A
// follower behind (a full page) is answered at once. Per instance: pacing, not a limit.
export const FEED_MIN_INTERVAL_MS = 600;
/** Pacing entries kept before the stale ones are dropped. */
const KEEP = 10_000;

export interface FeedPacer {
  /** Waits until `key` may be answered again (at once when it is new, behind or has waited enough). */
  hold(key: string, signal?: AbortSignal): Promise<void>;
  /** Records an answer to `key`; `full` — it carried a whole page, so more may be waiting. */
  answered(key: string, full: boolean): void;
  /** Followers kept (bounded). */
  size(): number;
}

export function createFeedPacer(intervalMs = FEED_MIN_INTERVAL_MS): FeedPacer {
  // Insertion order is answer order (an entry is re-inserted on every answer): the oldest come first.
  const caughtUpAt = new Map<string, number>();
  const prune = (now: number) => {
    for (const [key, at] of caughtUpAt) {
      if (caughtUpAt.size <= KEEP && now - at < intervalMs) break;
      caughtUpAt.delete(key);
    }
  };
  return {
    async hold(key, signal) {
      const at = caughtUpAt.get(key);
      if (at === undefined) return;
      const left = at + intervalMs - Date.now();
      if (left <= 0 || signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, left);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    answered(key, full) {
      caughtUpAt.delete(key);
      if (!full) caughtUpAt.set(key, Date.now());
      if (caughtUpAt.size > KEEP) prune(Date.now());
    },
    size: () => caughtUpAt.size,
  };
}
