// The operator pull takes a page's changes several at a time (sync/groups.ts): one document's
// changes never overlap and keep their order, no more than the limit run at once, and a failure
// stops new work and is thrown after the running ones end.
import { describe, expect, it } from 'vitest';
import { countInGroups } from '../../../src/server/services/operators/sync/groups';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('countInGroups', () => {
  it('keeps one key in order and apart, runs up to the limit at once, counts the trues', async () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2', 'd1', 'e1'];
    const running = new Set<string>();
    let most = 0;
    const order: string[] = [];
    const counted = await countInGroups(
      items,
      (item) => item[0],
      3,
      async (item) => {
        for (const other of running) expect(other[0]).not.toBe(item[0]);
        running.add(item);
        most = Math.max(most, running.size);
        await tick();
        running.delete(item);
        order.push(item);
        return item !== 'c1';
      },
    );
    expect(counted).toBe(7);
    expect(most).toBe(3);
    expect(order.filter((item) => item[0] === 'a')).toEqual(['a1', 'a2', 'a3']);
    expect(order.filter((item) => item[0] === 'b')).toEqual(['b1', 'b2']);
  });

  it('starts nothing new after a failure and throws it once the running ones end', async () => {
    const started: string[] = [];
    const ended: string[] = [];
    const run = countInGroups(
      ['bad', 'slow', 'later-1', 'later-2'],
      (item) => item,
      2,
      async (item) => {
        started.push(item);
        if (item === 'bad') throw new Error('operator down');
        await tick();
        await tick();
        ended.push(item);
        return true;
      },
    );
    await expect(run).rejects.toThrow('operator down');
    expect(started).toEqual(['bad', 'slow']);
    expect(ended).toEqual(['slow']);
  });

  it('answers 0 for an empty page', async () => {
    expect(await countInGroups([], String, 4, async () => true)).toBe(0);
  });
});
