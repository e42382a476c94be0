// Feed pacing (services/feed/pace.ts): a caught-up follower asking again at once waits out the
// interval; a follower behind (its last page was full), a new one, or another key is answered at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedPacer } from '../../../src/server/services/feed/pace';

const INTERVAL = 600;

describe('feed pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether hold() has resolved after `ms` of fake time. */
  async function heldFor(hold: Promise<void>, ms: number): Promise<boolean> {
    let done = false;
    void hold.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(ms);
    return !done;
  }

  it('holds a caught-up follower until the interval since its last answer has passed', async () => {
    const pacer = createFeedPacer(INTERVAL);
    expect(await heldFor(pacer.hold('a'), 0)).toBe(false);
    pacer.answered('a', false);
    await vi.advanceTimersByTimeAsync(200);
    const hold = pacer.hold('a');
    expect(await heldFor(hold, 390)).toBe(true);
    expect(await heldFor(hold, 20)).toBe(false);
  });

  it('answers at once a follower whose last page was full, another key, and one that waited', async () => {
    const pacer = createFeedPacer(INTERVAL);
    pacer.answered('behind', true);
    expect(await heldFor(pacer.hold('behind'), 0)).toBe(false);
    pacer.answered('a', false);
    expect(await heldFor(pacer.hold('b'), 0)).toBe(false);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(await heldFor(pacer.hold('a'), 0)).toBe(false);
  });

  it('lets a held follower go when its request is abandoned', async () => {
    const pacer = createFeedPacer(INTERVAL);
    pacer.answered('a', false);
    const gone = new AbortController();
    const hold = pacer.hold('a', gone.signal);
    expect(await heldFor(hold, 100)).toBe(true);
    gone.abort();
    expect(await heldFor(hold, 0)).toBe(false);
  });

  it('keeps a bounded number of entries and drops the stale ones first', async () => {
    const pacer = createFeedPacer(INTERVAL);
    for (let i = 0; i < 10_000; i++) pacer.answered(`old-${i}`, false);
    expect(pacer.size()).toBe(10_000);
    // Past the bound with every entry fresh: the oldest goes.
    pacer.answered('one-more', false);
    expect(pacer.size()).toBe(10_000);
    expect(await heldFor(pacer.hold('one-more'), 0)).toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    pacer.answered('fresh', false);
    pacer.answered('fresher', false);
    // Past the bound with stale entries: they all go, the fresh ones are kept and still hold.
    expect(pacer.size()).toBe(2);
    expect(await heldFor(pacer.hold('fresh'), 100)).toBe(true);
  });
});
