// The order a pull takes a list of changes in, apart from what a change is (pages.ts gives that):
// page after page without waiting at each page's end — the next page is listed while this one is
// taken and its changes start as this page's last ones free their places — yet one key's changes in
// order, and a page's cursor committed only once it and every page before it are taken whole.

export interface ListedPage<T> {
  items: T[];
  /** Where the next page starts. */
  cursor: string;
  more: boolean;
}

export interface PageRun<T> {
  list(cursor: string | null): Promise<ListedPage<T>>;
  /** Items of one key are taken one after another, in their order, across pages. */
  keyOf(item: T): string;
  /** Items taken at once, across pages. */
  limit: number;
  /**
   * Once a page is listed, before its items start: answers how to take them (true: it changed
   * something). `busy(key)` says a key is still being taken from a page before.
   */
  begin(page: ListedPage<T>, busy: (key: string) => boolean): Promise<(item: T) => Promise<boolean>>;
  /** In the pages' order, once a page and every page before it are taken whole. */
  commit(page: ListedPage<T>, taken: number, ms: number): Promise<void>;
  signal?: AbortSignal;
}

/** A bounded number of places, shared by the pages in flight. */
function places(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async acquire() {
      while (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
    },
    release() {
      active--;
      waiting.shift()?.();
    },
  };
}

/**
 * Takes the items from `cursor` until the list is read out or `signal` aborts (no new page then).
 * On a failure no new item starts, no later page is committed, and the first failure is thrown once
 * the running items end. Answers the items taken (true) and the pages committed.
 */
export async function runPages<T>(
  cursor: string | null,
  run: PageRun<T>,
): Promise<{ taken: number; pages: number }> {
  const outcome = { taken: 0, pages: 0 };
  const slots = places(run.limit);
  const lastTake = new Map<string, Promise<boolean>>();
  // The first failure, in an object: it is set from the takes' callbacks.
  const failed: { first: { error: unknown } | null } = { first: null };
  const fail = (error: unknown) => {
    failed.first ??= { error };
  };
  const whole = { sofar: true };
  let committing: Promise<void> = Promise.resolve();
  const list = (from: string | null) => {
    const started = performance.now();
    const listed = run.list(from);
    listed.catch(() => {}); // listed ahead: awaited below, or left after a failure
    return { started, listed };
  };

  let next: ReturnType<typeof list> | null = list(cursor);
  while (next && !failed.first && !run.signal?.aborted) {
    const { started, listed } = next;
    let page: ListedPage<T>;
    let take: (item: T) => Promise<boolean>;
    try {
      page = await listed;
      next = page.more ? list(page.cursor) : null;
      take = await run.begin(page, (key) => lastTake.has(key));
    } catch (error) {
      fail(error);
      break;
    }
    const takes: Array<Promise<boolean>> = [];
    for (const item of page.items) {
      await slots.acquire();
      if (failed.first) {
        slots.release();
        break;
      }
      const key = run.keyOf(item);
      const before = lastTake.get(key);
      const taking = (async () => {
        try {
          if (before) await before.catch(() => {});
          if (failed.first) throw failed.first.error;
          return await take(item);
        } finally {
          slots.release();
        }
      })();
      taking.catch(fail);
      lastTake.set(key, taking);
      const forget = () => {
        if (lastTake.get(key) === taking) lastTake.delete(key);
      };
      taking.then(forget, forget);
      takes.push(taking);
    }
    const complete = takes.length === page.items.length;
    const listedPage = page;
    committing = committing.then(async () => {
      const results = await Promise.allSettled(takes);
      if (!whole.sofar || !complete || results.some((r) => r.status === 'rejected')) {
        whole.sofar = false;
        return;
      }
      const taken = results.filter((r) => r.status === 'fulfilled' && r.value).length;
      await run.commit(listedPage, taken, performance.now() - started);
      outcome.taken += taken;
      outcome.pages++;
    });
    committing.catch(fail);
  }
  await committing.catch(() => {});
  await Promise.allSettled([...lastTake.values()]);
  if (failed.first) throw failed.first.error;
  return outcome;
}
