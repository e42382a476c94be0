// The organisation's settings history (Organization/getChangeHistory): the audit rows of settings
// changes and refusals, newest first, with who made them.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { type ListAnswer, paging } from '../staff/paging';

export interface HistoryEntry {
  id: string;
  at: string;
  event: string;
  userId: string | null;
  userName: string | null;
  detail: Record<string, unknown>;
}

export async function changeHistory(
  db: Db,
  user: AuthUser,
  query: { page?: number; pageSize?: number } = {},
): Promise<ListAnswer<HistoryEntry>> {
  const { pageSize, offset } = paging(query.page, query.pageSize);
  const where = `a.organization_id = $1 and (a.event like 'settings.%' or a.event = 'access.denied')`;
  const { rows: count } = await db.query<{ n: string }>(
    `select count(*) as n from audit_log a where ${where}`,
    [user.organizationId],
  );
  const { rows } = await db.query<{
    id: string | number;
    at: Date | string;
    event: string;
    user_id: string | null;
    full_name: string | null;
    detail: Record<string, unknown> | string;
  }>(
    `select a.id, a.at, a.event, a.user_id, u.full_name, a.detail
       from audit_log a left join users u on u.id = a.user_id
      where ${where} order by a.at desc, a.id desc limit $2 offset $3`,
    [user.organizationId, pageSize, offset],
  );
  return {
    rows: rows.map((row) => ({
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      event: row.event,
      userId: row.user_id,
      userName: row.full_name,
      detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail,
    })),
    totalCount: Number(count[0].n),
  };
}
