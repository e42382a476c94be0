// An app whose job queue the test builds first, so it can define job types before the app starts.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/db/seeds';
import { DEMO_PASSWORD } from '../../../src/server/db/seeds/users';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../../src/server/jobs';
import { type DbKind, databaseKinds, openTestDatabase, testConfig } from '../harness';

export interface JobTestContext {
  kind: DbKind;
  app: FastifyInstance;
  db: Db;
  queue: JobQueue;
}

export const silentLog = pino({ level: 'silent' });

export function withJobApp(
  name: string,
  define: (queue: JobQueue) => void,
  suite: (ctx: JobTestContext) => void,
  queueOptions: Partial<JobQueueOptions> = {},
) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const ctx = { kind } as JobTestContext;
      let dispose: () => Promise<void> = async () => {};
      beforeAll(async () => {
        const opened = await openTestDatabase(kind);
        dispose = opened.dispose;
        await migrate(opened.db);
        await seedDemo(opened.db);
        ctx.db = opened.db;
        const appDb: Db = { ...opened.db, close: async () => {} };
        ctx.queue = createJobQueue({ db: appDb, log: silentLog, workers: false, ...queueOptions });
        define(ctx.queue);
        ctx.app = await buildApp(testConfig(), { db: appDb, logger: false, jobs: ctx.queue });
        await ctx.app.ready();
      });
      afterAll(async () => {
        await ctx.app?.close();
        await dispose();
      });
      suite(ctx);
    });
  }
}

let ipCounter = 0;
/** Signs in a demo user (998901000001 … 3) and answers the authorization header. */
export async function signIn(app: FastifyInstance, phone: string) {
  ipCounter++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    headers: { 'x-forwarded-for': `10.16.${ipCounter % 250}.${(ipCounter * 7) % 250}` },
    payload: { phone, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const data = res.json().data;
  return { authorization: `Bearer ${data.accessToken}` };
}

/** The organisation and user behind an authorization header (from the demo seed). */
export async function ownerOf(db: Db, tin: string) {
  const r = await db.query<{ organization_id: string; user_id: string }>(
    `select m.organization_id, m.user_id from memberships m join organizations o on o.id = m.organization_id
     where o.tin = $1 order by m.created_at limit 1`,
    [tin],
  );
  return { organizationId: r.rows[0].organization_id, userId: r.rows[0].user_id };
}
