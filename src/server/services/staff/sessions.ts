// The person's active sessions (one per refresh-token family) and "sign out elsewhere".
import type { Db } from '../../db/client';

export interface SessionView {
  id: string;
  organizationName: string | null;
  startedAt: string;
  lastActiveAt: string;
  expiresAt: string;
  persistent: boolean;
  current: boolean;
}

/** Families with a live (unused, unrevoked, unexpired) token; `currentFamily` marks this browser's. */
export async function listSessions(
  db: Db,
  userId: string,
  currentFamily: string | null,
): Promise<SessionView[]> {
  const { rows } = await db.query<{
    family_id: string;
    organization_name: string | null;
    started_at: Date | string;
    last_active_at: Date | string;
    expires_at: Date | string;
    persistent: boolean;
  }>(
    `select t.family_id, o.name as organization_name, t.expires_at, t.persistent, t.created_at as last_active_at,
            (select min(f.created_at) from refresh_tokens f where f.family_id = t.family_id) as started_at
       from refresh_tokens t left join organizations o on o.id = t.organization_id
      where t.user_id = $1 and t.used_at is null and t.revoked_at is null and t.expires_at > now()
      order by t.created_at desc`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.family_id,
    organizationName: row.organization_name,
    startedAt: new Date(row.started_at).toISOString(),
    lastActiveAt: new Date(row.last_active_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    persistent: row.persistent,
    current: row.family_id === currentFamily,
  }));
}

/** Revokes every session of the person but this one; answers how many ended. */
export async function endOtherSessions(
  db: Db,
  userId: string,
  currentFamily: string | null,
): Promise<number> {
  const { rows } = await db.query<{ family_id: string }>(
    `update refresh_tokens set revoked_at = now()
      where user_id = $1 and revoked_at is null and ($2::uuid is null or family_id <> $2)
      returning family_id`,
    [userId, currentFamily],
  );
  return new Set(rows.map((row) => row.family_id)).size;
}
