import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import { DEMO_ORGANIZATIONS } from './organizations';

/**
 * DEMO ONLY. The password every demo director signs in with (docs/auth.md); demo accounts are flagged
 * is_demo and never exist outside demo mode.
 */
export const DEMO_PASSWORD = 'Demo#2026';

/** Each demo organisation's director, with a phone to sign in by password (phone digits or the TIN). */
export const DEMO_USERS = DEMO_ORGANIZATIONS.map((org, index) => ({
  organizationTin: org.tin,
  pinfl: org.directorPinfl,
  fullName: `${org.director} (demo)`,
  phone: `99890100000${index + 1}`,
  email: `director${index + 1}@demo.hujjat.uz`,
}));

export async function seedDemoUsers(db: Db) {
  for (const demo of DEMO_USERS) {
    const { rows: existing } = await db.query('select 1 from users where pinfl = $1', [demo.pinfl]);
    if (existing.length) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into users (pinfl, phone, email, full_name, password_hash, is_demo, registered_identity, password_changed_at)
         values ($1, $2, $3, $4, $5, true, $6, now())
         on conflict do nothing
         returning id`,
        [demo.pinfl, demo.phone, demo.email, demo.fullName, passwordHash, demo.organizationTin],
      );
      if (!rows[0]) return;
      await tx.query(
        `insert into memberships (user_id, organization_id, role)
         select $1, id, 'owner' from organizations where tin = $2
         on conflict do nothing`,
        [rows[0].id, demo.organizationTin],
      );
    });
  }
}
