import type { Db } from '../client';

/**
 * DEMO_ORGANIZATIONS (demo mode only): the demo organisations that work on this server. The others
 * keep their records (requisites, look-ups) but no active member, so they count as elsewhere — two
 * demo servers exchange through the stand-in operator (npm run demo:roaming, docs/operators.md).
 */
export async function limitDemoOrganizations(db: Db, tins: readonly string[]) {
  await db.query(
    `update memberships m set is_active = (o.tin = any($1))
       from organizations o, users u
      where o.id = m.organization_id and u.id = m.user_id and o.is_demo and u.is_demo and o.tin is not null`,
    [tins],
  );
}
