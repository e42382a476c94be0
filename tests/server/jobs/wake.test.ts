// Workers in the process wake when a job is queued (NOTIFY at commit), not at their next poll: with a
// poll of 60 s, a job queued after the workers' first poll still runs within the test's wait.
import { expect, it } from 'vitest';
import { withJobApp } from './jobApp';

const WAKE_TYPE = 'test.wake';
const ran = new Map<string, (tag: string) => void>();

withJobApp(
  'job queue wake-up',
  (queue) => {
    queue.define<{ tag: string }>({
      type: WAKE_TYPE,
      concurrency: 1,
      run: async (ctx) => {
        ran.get(ctx.data.tag)?.(ctx.data.tag);
        return { tag: ctx.data.tag };
      },
    });
  },
  (ctx) => {
    async function queueAndWait(tag: string) {
      const done = new Promise<string>((resolve, reject) => {
        ran.set(tag, resolve);
        // Far below the 60 s poll: only the announcement can start the job in time.
        setTimeout(() => reject(new Error(`job ${tag} did not run: the workers were not woken`)), 20_000);
      });
      await ctx.db.transaction((tx) => ctx.queue.enqueue(tx, WAKE_TYPE, { tag }, { owner: null }));
      return done;
    }

    it('a job queued in a committed transaction wakes an idle worker', async () => {
      // Let the workers finish their first poll, so the next one is 60 s away.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await queueAndWait(`${ctx.kind}-1`)).toBe(`${ctx.kind}-1`);
      expect(await queueAndWait(`${ctx.kind}-2`)).toBe(`${ctx.kind}-2`);
    }, 60_000);

    it('a job queued in a rolled-back transaction wakes nobody and never runs', async () => {
      let ranRolledBack = false;
      ran.set(`${ctx.kind}-rb`, () => {
        ranRolledBack = true;
      });
      await ctx.db
        .transaction(async (tx) => {
          await ctx.queue.enqueue(tx, WAKE_TYPE, { tag: `${ctx.kind}-rb` }, { owner: null });
          throw new Error('roll back');
        })
        .catch(() => {});
      // A later job runs (the worker was free), the rolled-back one never did.
      expect(await queueAndWait(`${ctx.kind}-after`)).toBe(`${ctx.kind}-after`);
      expect(ranRolledBack).toBe(false);
    }, 60_000);
  },
  { workers: true, pollingIntervalSeconds: 60 },
);
