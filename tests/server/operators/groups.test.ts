// The operator pull's order of work (sync/groups.ts runPages): pages overlap — the next is listed
// while this one is taken and its items start as places free — yet one document's changes never
// overlap and keep their order across pages, no more than the limit run at once, and a page's cursor
// is committed only once it and every page before it are taken whole (a pull stopped anywhere loses
// nothing); a failure stops new work and is thrown after the running ones end.
import { describe, expect, it } from 'vitest';
import { type ListedPage, type PageRun, runPages } from '../../../src/server/services/operators/sync/groups';

const tick = (ms = 1) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages of the given items; the cursor of page n is "n". */
function lister(pages: string[][], log: string[] = []) {
  return async (cursor: string | null): Promise<ListedPage<string>> => {
    const index = cursor === null ? 0 : Number(cursor);
    log.push(`list ${index}`);
    await tick();
    return { items: pages[index] ?? [], cursor: String(index + 1), more: index + 1 < pages.length };
  };
}

function runOf(
  pages: string[][],
  take: (item: string) => Promise<boolean>,
  extra: Partial<PageRun<string>> = {},
): { run: PageRun<string>; log: string[] } {
  const log: string[] = [];
  const run: PageRun<string> = {
    list: lister(pages, log),
    keyOf: (item) => item[0],
    limit: 3,
    begin: async () => take,
    commit: async (page, taken) => {
      log.push(`commit ${page.cursor} ${taken}`);
    },
    ...extra,
  };
  return { run, log };
}

describe('runPages', () => {
  it('keeps one key in order and apart across pages, runs up to the limit at once, overlaps pages, commits in order', async () => {
    const running = new Set<string>();
    let most = 0;
    const order: string[] = [];
    const { run, log } = runOf(
      [
        ['a1', 'b1', 'c1', 'x1'],
        ['a2', 'd1', 'b2'],
        ['a3', 'e1'],
      ],
      async (item) => {
        for (const other of running) expect(other[0]).not.toBe(item[0]);
        running.add(item);
        most = Math.max(most, running.size);
        order.push(`start ${item}`);
        await tick(item === 'a1' ? 30 : 2);
        running.delete(item);
        order.push(`end ${item}`);
        return item !== 'c1';
      },
    );
    const outcome = await runPages(null, run);
    expect(outcome).toEqual({ taken: 8, pages: 3 });
    expect(most).toBe(3);
    const starts = order.filter((e) => e.startsWith('start a')).map((e) => e.slice(6));
    expect(starts).toEqual(['a1', 'a2', 'a3']);
    expect(order.indexOf('end a1')).toBeLessThan(order.indexOf('start a2'));
    expect(order.indexOf('end b1')).toBeLessThan(order.indexOf('start b2'));
    // The second page's items start while the first page's slow one still runs.
    expect(order.indexOf('start d1')).toBeLessThan(order.indexOf('end a1'));
    // ...but its cursor is committed only after the first page's.
    expect(log.filter((e) => e.startsWith('commit'))).toEqual(['commit 1 3', 'commit 2 3', 'commit 3 2']);
  });

  it('lists at most one page ahead of the page being taken', async () => {
    const listedWhileTaking: number[] = [];
    const { run, log } = runOf([['a1'], ['b1'], ['c1'], ['d1']], async () => {
      listedWhileTaking.push(log.filter((e) => e.startsWith('list')).length);
      await tick(5);
      return true;
    });
    run.limit = 1;
    await runPages(null, run);
    // Taking page n (0-based) with limit 1: pages up to n + 1 listed, never more.
    for (const [n, listed] of listedWhileTaking.entries()) expect(listed).toBeLessThanOrEqual(n + 2);
  });

  it('says which keys are still being taken from a page before', async () => {
    const busyAtBegin: boolean[] = [];
    const { run } = runOf([['a1', 'b1'], ['a2']], async (item) => {
      await tick(item === 'a1' ? 20 : 1);
      return true;
    });
    run.begin = async (page, busy) => {
      busyAtBegin.push(...page.items.map((item) => busy(item[0])));
      return async (item) => {
        await tick(item === 'a1' ? 20 : 1);
        return true;
      };
    };
    await runPages(null, run);
    expect(busyAtBegin).toEqual([false, false, true]);
  });

  it('a failure: nothing new starts, pages before it are committed, none from its page on, thrown at the end', async () => {
    const started: string[] = [];
    const ended: string[] = [];
    const { run, log } = runOf(
      [['a1', 'b1'], ['slow', 'bad', 'd1', 'e1'], ['f1']],
      async (item) => {
        started.push(item);
        if (item === 'bad') throw new Error('operator down');
        await tick(item === 'slow' ? 10 : 1);
        ended.push(item);
        return true;
      },
      { keyOf: (item) => item },
    );
    await expect(runPages(null, run)).rejects.toThrow('operator down');
    expect(log.filter((e) => e.startsWith('commit'))).toEqual(['commit 1 2']);
    expect(started).toEqual(['a1', 'b1', 'slow', 'bad']);
    expect(ended).toContain('slow'); // the running ones end before the failure is thrown
  });

  it('a page that cannot be listed: the pages before it are committed, the failure thrown', async () => {
    const { run, log } = runOf([['a1'], ['b1']], async () => true);
    const list = run.list;
    run.list = async (cursor) => {
      if (cursor === '1') throw new Error('429');
      return list(cursor);
    };
    await expect(runPages(null, run)).rejects.toThrow('429');
    expect(log.filter((e) => e.startsWith('commit'))).toEqual(['commit 1 1']);
  });

  it('aborted: no page listed after, what was listed is taken and committed', async () => {
    const controller = new AbortController();
    const { run, log } = runOf([['a1'], ['b1'], ['c1'], ['d1']], async (item) => {
      if (item === 'b1') controller.abort();
      await tick();
      return true;
    });
    run.signal = controller.signal;
    const outcome = await runPages(null, run);
    expect(outcome.pages).toBeLessThanOrEqual(3);
    expect(log.filter((e) => e.startsWith('commit'))).toEqual(
      ['commit 1 1', 'commit 2 1', 'commit 3 1'].slice(0, outcome.pages),
    );
    expect(log).not.toContain('list 3');
  });

  it('answers nothing taken for an empty list, and commits its cursor', async () => {
    const { run, log } = runOf([[]], async () => true);
    expect(await runPages(null, run)).toEqual({ taken: 0, pages: 1 });
    expect(log).toContain('commit 1 0');
  });
});
