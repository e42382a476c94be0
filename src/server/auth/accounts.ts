import type { Db } from '../db/client';

/**
 * Auth/hasUser: whether someone can sign in for this TIN or PINFL here — an active person holding it
 * (PINFL, personal TIN, or the identity they registered under) or an organisation holding it with an
 * active member. The same fact IsRegistered tells anyone; nothing else about the account leaves.
 */
export async function hasUserFor(db: Db, tinOrPinfl: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select exists(select 1 from users u where u.is_active and (u.pinfl = $1 or u.tin = $1 or u.registered_identity = $1))
         or exists(select 1 from organizations o
                     join memberships m on m.organization_id = o.id and m.is_active
                     join users u on u.id = m.user_id and u.is_active
                    where o.tin = $1 or o.pinfl = $1) as found`,
    [tinOrPinfl],
  );
  return rows[0]?.found === true;
}
