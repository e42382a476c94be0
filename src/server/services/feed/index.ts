// The event feed (issue 30): every document event a caller may see, in commit order, by cursor, with
// long polling. Migration 0130 writes it; docs/integrating.md describes it.
import type { Db } from '../../db/client';
import type { Caller } from '../documents';
import { decodeCursor } from './cursor';
import type { FeedPacer } from './pace';
import { FEED_PAGE_DEFAULT, FEED_PAGE_MAX, type FeedPage, feedScopeOf, readFeed } from './read';
import type { FeedWake } from './wake';

export { decodeCursor, encodeCursor } from './cursor';
export { createFeedPacer, FEED_MIN_INTERVAL_MS, type FeedPacer } from './pace';
export { FEED_PAGE_DEFAULT, FEED_PAGE_MAX, type FeedEvent, type FeedPage, feedEventOf } from './read';
export { createFeedWake, FEED_CHANNEL, type FeedWake } from './wake';

/** How long a reader may wait for the next event. */
export const FEED_WAIT_MAX_SECONDS = 30;

export interface FeedQuery {
  cursor?: string;
  limit?: number;
  /** Seconds to wait when nothing is new (0: answer at once). */
  wait?: number;
}

/** Pacing of one follower: the pacer and the follower's key (the one its rate limit counts). */
export interface FeedPace {
  pacer: FeedPacer;
  key: string;
}

/**
 * One page of the caller's feed, waiting up to `wait` seconds for the first event; a caught-up
 * follower asking again at once is held first (pace.ts).
 */
export async function followFeed(
  db: Db,
  wake: FeedWake,
  caller: Caller,
  query: FeedQuery,
  signal?: AbortSignal,
  pace?: FeedPace,
): Promise<FeedPage> {
  const deadline = Date.now() + Math.min(query.wait ?? 0, FEED_WAIT_MAX_SECONDS) * 1000;
  const after = decodeCursor(query.cursor);
  const limit = Math.min(query.limit ?? FEED_PAGE_DEFAULT, FEED_PAGE_MAX);
  const scope = await feedScopeOf(db, caller);
  await pace?.pacer.hold(pace.key, signal);
  for (;;) {
    const seen = wake.generation();
    const page = await readFeed(db, scope, after, limit);
    const left = deadline - Date.now();
    if (page.events.length || left <= 0 || signal?.aborted) {
      pace?.pacer.answered(pace.key, page.events.length >= limit);
      return page;
    }
    await wake.after(seen, left, signal);
  }
}
