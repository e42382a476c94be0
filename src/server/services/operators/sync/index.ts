// Synchronisation with the company's exchange operator as jobs on the existing queue (issue 28,
// docs/operators.md): `operators.push` hands the actions made here to the operator, `operators.pull`
// takes the changes there, `operators.pullAll` (every 5 minutes) pulls for every bound company.
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import type { Caller } from '../../documents/types';
import { callerFor } from '../../imports/job';
import type { InteropContext } from '../../interop';
import { operatorSignedId, PUSH_JOB, transportListener } from './listener';
import { pullChanges } from './pull';
import { pushPending } from './push';
import { operatorLinkOf, type SyncDeps } from './session';

export { PUSH_JOB, partiesElsewhere, sendRouteOf } from './listener';
export { pullChanges } from './pull';
export { pushPending } from './push';
export { checkConnection, operatorLinkOf, type SyncDeps } from './session';
export { type OperatorDocumentRow, type TransportState, transportOf } from './transport';

export const PULL_JOB = 'operators.pull';
export const PULL_ALL_JOB = 'operators.pullAll';
export const PULL_ALL_CRON = '*/5 * * * *';

/** Who a pull acts as: the user who asked, else the organisation's owner (a scheduled pull). */
export async function syncCaller(
  db: Db,
  organizationId: string,
  userId: string | null,
  lang: Locale = 'ru',
): Promise<Caller> {
  if (userId) return callerFor(db, organizationId, userId, lang);
  const { rows } = await db.query<{ user_id: string }>(
    `select user_id from memberships where organization_id = $1 and is_active
      order by (role = 'owner') desc, created_at limit 1`,
    [organizationId],
  );
  if (!rows[0]) throw new Error('the organisation has no active member');
  return callerFor(db, organizationId, rows[0].user_id, lang);
}

export function registerOperatorSync(app: FastifyInstance) {
  const deps: SyncDeps = { db: app.db, config: app.config };
  const interop = (db: Db): InteropContext => ({
    db,
    signing: app.documents.signing,
    now: app.documents.now,
  });
  app.documents.addListener(transportListener(() => app.jobs));
  app.documents.addSignedId(operatorSignedId);

  app.jobs.define<{ organizationId: string }>({
    type: PUSH_JOB,
    concurrency: 1,
    retryLimit: 5,
    async run(ctx) {
      const link = await operatorLinkOf({ ...deps, db: ctx.db }, ctx.data.organizationId);
      if (!link) return { pushed: 0 };
      const outcome = await pushPending(ctx.db, link, ctx.signal, ctx.id);
      // Waiting pushes (the operator down or limiting): the next run when the first is due.
      if (outcome.nextDue)
        await ctx.db.transaction((tx) =>
          app.jobs.enqueue(tx, PUSH_JOB, ctx.data, { owner: ctx.owner, startAfter: outcome.nextDue as Date }),
        );
      return { pushed: outcome.pushed, failed: outcome.failed };
    },
  });

  app.jobs.define<{ organizationId: string; userId?: string | null }>({
    type: PULL_JOB,
    concurrency: 1,
    retryLimit: 5,
    async run(ctx) {
      const link = await operatorLinkOf({ ...deps, db: ctx.db }, ctx.data.organizationId);
      if (!link) return { pulled: 0 };
      const caller = await syncCaller(ctx.db, ctx.data.organizationId, ctx.data.userId ?? null);
      return pullChanges(interop(ctx.db), link, caller, ctx.signal);
    },
  });

  app.jobs.define({
    type: PULL_ALL_JOB,
    concurrency: 1,
    async run(ctx) {
      const { rows } = await ctx.db.query<{ organization_id: string }>(
        'select organization_id from operator_bindings',
      );
      await ctx.db.transaction(async (tx) => {
        for (const row of rows)
          await app.jobs.enqueue(
            tx,
            PULL_JOB,
            { organizationId: row.organization_id },
            {
              owner: { organizationId: row.organization_id, userId: null },
            },
          );
      });
      return { organizations: rows.length };
    },
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(PULL_ALL_JOB, PULL_ALL_CRON, {});
  });
}
