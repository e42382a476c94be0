// The job queue (pg-boss on PGlite and PostgreSQL): transactional enqueue, progress for the owner only,
// failures, retries, lost runs handed back, cancel, the SSE stream, and workers in the process.
import { beforeAll, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors';
import type { JobContext } from '../../../src/server/jobs';
import { ownerOf, signIn, withJobApp } from './jobApp';

const calls: Record<string, number> = {};
const count = (key: string) => {
  calls[key] = (calls[key] ?? 0) + 1;
};

withJobApp(
  'job queue',
  (queue) => {
    queue.define<{ items: number; tag: string }>({
      type: 'test.count',
      async run(ctx) {
        count(ctx.data.tag);
        for (let i = 1; i <= ctx.data.items; i++) await ctx.progress({ done: i, total: ctx.data.items });
        return { counted: ctx.data.items };
      },
    });
    queue.define<{ items: number; tag: string }>({
      type: 'test.resumable',
      retryDelaySeconds: 0,
      retryBackoff: false,
      async run(ctx) {
        count(ctx.data.tag);
        for (let i = 1; i <= ctx.data.items; i++) await ctx.progress({ done: i, total: ctx.data.items });
        return null;
      },
    });
    queue.define<{ tag: string }>({
      type: 'test.refuse',
      async run(ctx) {
        count(ctx.data.tag);
        throw new ApiError(400, 'NOTHING_TO_DO', 'bulk:job.notFound');
      },
    });
    queue.define<{ tag: string }>({
      type: 'test.crash',
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
      async run(ctx) {
        count(ctx.data.tag);
        if (ctx.attempt < 3) throw new Error(`boom on attempt ${ctx.attempt}`);
        return { attempt: ctx.attempt };
      },
    });
    queue.define<{ tag: string }>({
      type: 'test.alwaysCrash',
      retryLimit: 1,
      retryDelaySeconds: 0,
      retryBackoff: false,
      async run(ctx) {
        count(ctx.data.tag);
        throw new Error('always');
      },
    });
    queue.define<{ tag: string }>({
      type: 'test.cancellable',
      async run(ctx: JobContext<{ tag: string }>) {
        count(ctx.data.tag);
        for (let i = 1; i <= 50; i++) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          await ctx.progress({ done: i, total: 50 });
        }
        return null;
      },
    });
  },
  (ctx) => {
    // Each database kind's suite counts its own handler calls.
    beforeAll(() => {
      for (const key of Object.keys(calls)) delete calls[key];
    });
    const job = (auth: Record<string, string>, id: string, lang = 'en') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/Job/get?id=${id}`,
        headers: { ...auth, 'accept-language': lang },
      });

    it('queues in the caller transaction: rolled back, nothing is recorded or run', async () => {
      const owner = await ownerOf(ctx.db, '302000001');
      let kept = '';
      await ctx.db
        .transaction(async (tx) => {
          kept = await ctx.app.jobs.enqueue(tx, 'test.count', { items: 1, tag: 'rolledBack' }, { owner });
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(kept).not.toBe('');
      expect((await ctx.db.query('select 1 from jobs where id = $1', [kept])).rows).toHaveLength(0);
      expect(await ctx.app.jobs.runPending('test.count')).toBe(0);
      expect(calls.rolledBack).toBeUndefined();
    });

    it('runs a committed job, records progress and result, and shows it to its organisation only', async () => {
      const savdo = await signIn(ctx.app, '998901000001');
      const qurilish = await signIn(ctx.app, '998901000002');
      const owner = await ownerOf(ctx.db, '302000001');
      const id = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.count', { items: 7, tag: 'committed' }, { owner }),
      );
      const queued = await job(savdo, id);
      expect(queued.statusCode).toBe(200);
      expect(queued.json().data).toMatchObject({ id, state: 'queued', done: 0, total: null });

      expect(await ctx.app.jobs.runPending('test.count')).toBe(1);
      const done = (await job(savdo, id)).json().data;
      expect(done).toMatchObject({
        state: 'done',
        done: 7,
        total: 7,
        result: { counted: 7 },
        attempts: 1,
        error: null,
      });
      expect(done.finishedAt).toBeTruthy();
      expect(calls.committed).toBe(1);

      const foreign = await job(qurilish, id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('JOB_NOT_FOUND');
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Job/get?id=${id}` })).statusCode).toBe(401);
    });

    it('an expected refusal fails the job at once with a localized message, without retries', async () => {
      const savdo = await signIn(ctx.app, '998901000001');
      const owner = await ownerOf(ctx.db, '302000001');
      const id = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.refuse', { tag: 'refuse' }, { owner }),
      );
      await ctx.app.jobs.runPending('test.refuse');
      await ctx.app.jobs.runPending('test.refuse');
      const data = (await job(savdo, id, 'ru')).json().data;
      expect(data.state).toBe('failed');
      expect(data.error).toEqual({ code: 'NOTHING_TO_DO', message: 'Задание не найдено' });
      expect(calls.refuse).toBe(1);
    });

    it('an unexpected error is retried up to the limit; the last failure is reported', async () => {
      const savdo = await signIn(ctx.app, '998901000001');
      const owner = await ownerOf(ctx.db, '302000001');
      const recovers = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.crash', { tag: 'crash' }, { owner }),
      );
      const gives = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.alwaysCrash', { tag: 'always' }, { owner }),
      );
      for (let i = 0; i < 5; i++) {
        await ctx.app.jobs.runPending('test.crash');
        await ctx.app.jobs.runPending('test.alwaysCrash');
      }
      expect((await job(savdo, recovers)).json().data).toMatchObject({
        state: 'done',
        attempts: 3,
        result: { attempt: 3 },
      });
      expect(calls.crash).toBe(3);
      const failed = (await job(savdo, gives)).json().data;
      expect(failed).toMatchObject({ state: 'failed', attempts: 2, error: { code: 'JOB_FAILED' } });
      expect(calls.always).toBe(2);
    });

    it('a run whose server went silent is handed back to the queue and finishes', async () => {
      const savdo = await signIn(ctx.app, '998901000001');
      const owner = await ownerOf(ctx.db, '302000001');
      const id = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.resumable', { items: 3, tag: 'lost' }, { owner }),
      );
      // Another instance took it (pg-boss: active) and died: its heartbeat is two minutes old.
      await ctx.db.query(
        `update jobs set state = 'running', attempts = 1, instance = 'dead', heartbeat_at = now() - interval '2 minutes'
         where id = $1`,
        [id],
      );
      const schema =
        ctx.kind === 'pglite'
          ? 'pgboss'
          : (await ctx.db.query<{ s: string }>('select current_schema() as s')).rows[0].s;
      await ctx.db.query(`update ${schema}.job set state = 'active', started_on = now() where id = $1`, [id]);

      expect(await ctx.app.jobs.runPending('test.resumable')).toBe(0); // active elsewhere: not fetched
      expect(await ctx.app.jobs.reapOrphans()).toBe(1);
      expect((await job(savdo, id)).json().data.state).toBe('queued');
      expect(await ctx.app.jobs.runPending('test.resumable')).toBe(1);
      expect((await job(savdo, id)).json().data).toMatchObject({ state: 'done', done: 3, attempts: 2 });
      expect(calls.lost).toBe(1);
    });

    it('the owner cancels a queued job: it never runs; a finished one answers 409', async () => {
      const savdo = await signIn(ctx.app, '998901000001');
      const qurilish = await signIn(ctx.app, '998901000002');
      const owner = await ownerOf(ctx.db, '302000001');
      const id = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.cancellable', { tag: 'cancelled' }, { owner }),
      );
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: `/api/Job/cancel?id=${id}`,
        headers: qurilish,
      });
      expect(foreign.statusCode).toBe(404);
      const res = await ctx.app.inject({ method: 'POST', url: `/api/Job/cancel?id=${id}`, headers: savdo });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.state).toBe('cancelled');
      await ctx.app.jobs.runPending('test.cancellable');
      expect(calls.cancelled).toBeUndefined();
      const again = await ctx.app.inject({ method: 'POST', url: `/api/Job/cancel?id=${id}`, headers: savdo });
      expect(again.statusCode).toBe(409);
    });

    it('streams progress as server-sent events until the job is final', async () => {
      const savdo = await signIn(ctx.app, '998901000001');
      const owner = await ownerOf(ctx.db, '302000001');
      const id = await ctx.db.transaction((tx) =>
        ctx.app.jobs.enqueue(tx, 'test.count', { items: 4, tag: 'sse' }, { owner }),
      );
      await ctx.app.jobs.runPending('test.count');
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Job/stream?id=${id}`, headers: savdo });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = res.body
        .split('\n\n')
        .filter((b) => b.startsWith('event: progress'))
        .map((b) => JSON.parse(b.split('\ndata: ')[1]));
      expect(events.at(-1)).toMatchObject({ id, state: 'done', done: 4 });
      const qurilish = await signIn(ctx.app, '998901000002');
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/Job/stream?id=${id}`, headers: qurilish }))
          .statusCode,
      ).toBe(404);
    });
  },
);
