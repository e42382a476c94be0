// The multi-sign log (MultiSignLog): a bulk signing and each document's outcome, per organisation.
import { actionInfo } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import type { TransitionWrites } from '../documents';

export type Outcome = 'pending' | 'done' | 'refused' | 'skipped' | 'notSigned';
export const MULTI_SIGN_MAX_DOCUMENTS = 5000;

const notFound = () => new ApiError(404, 'MULTI_SIGN_NOT_FOUND', 'bulk:multiSign.notFound');

export async function startLog(
  db: Db,
  owner: { organizationId: string; userId: string },
  v: { action: string; reason: string | null; documentIds: string[] },
): Promise<string> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      `insert into multi_sign_logs (organization_id, user_id, action, reason, total) values ($1, $2, $3, $4, $5) returning id`,
      [owner.organizationId, owner.userId, v.action, v.reason, v.documentIds.length],
    );
    const id = r.rows[0].id;
    await tx.query(
      `insert into multi_sign_items (log_id, ord, document_id)
       select $1, ord::int, doc from unnest($2::uuid[]) with ordinality as t(doc, ord)`,
      [id, v.documentIds],
    );
    return id;
  });
}

/**
 * The listener: the log's user signed a document pending in the log (in that signature's
 * transaction, sent with its writes).
 */
export const markSigned: TransitionWrites = {
  writes: (event) => [
    {
      sql: `update multi_sign_items i set outcome = 'done', code = $3, message = null, at = now()
     from multi_sign_logs l
     where i.log_id = l.id and i.document_id = $1 and i.outcome in ('pending', 'notSigned')
       and l.organization_id = $2 and l.user_id = $5 and l.action = $4 and l.state = 'running'`,
      params: [
        event.documentId,
        event.actor.organizationId,
        String(actionInfo(event.kind, event.action)?.result ?? event.toStatus),
        event.action,
        event.actor.userId,
      ],
    },
  ],
};

async function requireLog(db: Db, organizationId: string, logId: string) {
  const r = await db.query<{
    id: string;
    state: string;
    action: string;
    total: number;
    user_id: string | null;
  }>('select id, state, action, total, user_id from multi_sign_logs where id = $1 and organization_id = $2', [
    logId,
    organizationId,
  ]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** What the browser learnt: a refusal or a skip. A document already done stays done. */
export async function reportOutcomes(
  db: Db,
  organizationId: string,
  logId: string,
  items: { documentId: string; outcome: 'refused' | 'skipped'; code: string; message: string }[],
) {
  const log = await requireLog(db, organizationId, logId);
  if (log.state !== 'running') throw new ApiError(409, 'MULTI_SIGN_FINISHED', 'bulk:multiSign.finished');
  for (const item of items) {
    await db.query(
      `update multi_sign_items set outcome = $3, code = $4, message = $5, at = now()
       where log_id = $1 and document_id = $2 and outcome = 'pending'`,
      [logId, item.documentId, item.outcome, item.code, item.message.slice(0, 1000)],
    );
  }
  await db.query('update multi_sign_logs set updated_at = now() where id = $1', [logId]);
}

/** Closes the log: what is still pending was not signed (the tab was closed, the user stopped). */
export async function finishLog(db: Db, organizationId: string, logId: string) {
  await requireLog(db, organizationId, logId);
  return db.transaction(async (tx) => {
    await tx.query(
      `update multi_sign_items set outcome = 'notSigned', at = now() where log_id = $1 and outcome = 'pending'`,
      [logId],
    );
    const r = await tx.query(
      `update multi_sign_logs set state = 'finished', finished_at = now(), updated_at = now()
       where id = $1 and state = 'running' returning id`,
      [logId],
    );
    return r.rowCount > 0;
  });
}

export async function summary(db: Db, logId: string) {
  const r = await db.query<{ outcome: Outcome; n: number }>(
    'select outcome, count(*)::int as n from multi_sign_items where log_id = $1 group by outcome',
    [logId],
  );
  const counts: Record<Outcome, number> = { pending: 0, done: 0, refused: 0, skipped: 0, notSigned: 0 };
  for (const row of r.rows) counts[row.outcome] = row.n;
  return counts;
}

/** Logs left running by a browser that went away (no report for ten minutes) show as interrupted. */
const STALE_MINUTES = 10;

export async function listLogs(db: Db, organizationId: string, page: number, size: number) {
  const total = await db.query<{ n: number }>(
    'select count(*)::int as n from multi_sign_logs where organization_id = $1',
    [organizationId],
  );
  const rows = await db.query<{
    id: string;
    action: string;
    reason: string | null;
    state: string;
    total: number;
    created_at: Date;
    updated_at: Date;
    finished_at: Date | null;
    user_name: string | null;
    stale: boolean;
    counts: Record<Outcome, number> | null;
  }>(
    `select l.id, l.action, l.reason, l.state, l.total, l.created_at, l.updated_at, l.finished_at, u.full_name as user_name,
            (l.state = 'running' and l.updated_at < now() - make_interval(mins => $4)) as stale,
            (select jsonb_object_agg(outcome, n) from (select outcome, count(*)::int as n from multi_sign_items
              where log_id = l.id group by outcome) c) as counts
     from multi_sign_logs l left join users u on u.id = l.user_id
     where l.organization_id = $1 order by l.created_at desc, l.id limit $2 offset $3`,
    [organizationId, size, (page - 1) * size, STALE_MINUTES],
  );
  return {
    rows: rows.rows.map((r) => ({
      id: r.id,
      action: r.action,
      reason: r.reason,
      state: r.state === 'running' && r.stale ? 'interrupted' : r.state,
      total: r.total,
      done: r.counts?.done ?? 0,
      refused: r.counts?.refused ?? 0,
      skipped: r.counts?.skipped ?? 0,
      notSigned: (r.counts?.notSigned ?? 0) + (r.counts?.pending ?? 0),
      userName: r.user_name,
      createdAt: new Date(r.created_at).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    })),
    totalCount: total.rows[0].n,
  };
}

export async function listItems(db: Db, organizationId: string, logId: string, page: number, size: number) {
  await requireLog(db, organizationId, logId);
  const total = await db.query<{ n: number }>(
    'select count(*)::int as n from multi_sign_items where log_id = $1',
    [logId],
  );
  const rows = await db.query<{
    ord: number;
    document_id: string;
    outcome: Outcome;
    code: string | null;
    message: string | null;
    at: Date | null;
    number: string | null;
    kind: string | null;
  }>(
    // The number and kind as the caller's organisation sees the document (its own party row): an id
    // of another organisation's document put in a log answers nothing about that document.
    `select i.ord, i.document_id, i.outcome, i.code, i.message, i.at, p.number, p.kind
     from multi_sign_items i
     left join document_parties p on p.document_id = i.document_id and p.box is not null
       and p.identity = (select coalesce(o.tin, o.pinfl) from organizations o where o.id = $4)
     where i.log_id = $1 order by i.ord limit $2 offset $3`,
    [logId, size, (page - 1) * size, organizationId],
  );
  return {
    rows: rows.rows.map((r) => ({
      ord: r.ord,
      documentId: r.document_id,
      number: r.number,
      kind: r.kind,
      outcome: r.outcome,
      code: r.code,
      message: r.message,
      at: r.at ? new Date(r.at).toISOString() : null,
    })),
    totalCount: total.rows[0].n,
  };
}

export async function deleteLogs(db: Db, organizationId: string, ids: string[]) {
  const r = await db.query<{ id: string }>(
    'delete from multi_sign_logs where organization_id = $1 and id = any($2::uuid[]) returning id',
    [organizationId, ids],
  );
  return r.rows.map((x) => x.id);
}
