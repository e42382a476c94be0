// The signed-in person's own data (Auth getUserInfoOwn, upsertUserInfoOwn): contacts and interface
// language. The name comes from the certificate or the director and is not edited here.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, diff } from '../access/settingsAudit';

export interface OwnInfo {
  userId: string;
  fullName: string;
  pinfl: string | null;
  tin: string | null;
  phone: string | null;
  email: string | null;
  language: 'ru' | 'uz' | 'en' | null;
  hasPassword: boolean;
  organizationId: string;
  organizationName: string;
  roleId: string | null;
  membership: string;
}

export async function getOwnInfo(db: Db, user: AuthUser): Promise<OwnInfo> {
  const { rows } = await db.query<{
    id: string;
    full_name: string;
    pinfl: string | null;
    tin: string | null;
    phone: string | null;
    email: string | null;
    language: OwnInfo['language'];
    has_password: boolean;
    organization_name: string;
    role_id: string | null;
    role: string;
  }>(
    `select u.id, u.full_name, u.pinfl, u.tin, u.phone, u.email, u.language, u.password_hash is not null as has_password,
            o.name as organization_name, m.role_id, m.role
       from users u join memberships m on m.user_id = u.id join organizations o on o.id = m.organization_id
      where u.id = $1 and m.organization_id = $2`,
    [user.userId, user.organizationId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'access:errors.staffNotFound');
  return {
    userId: row.id,
    fullName: row.full_name,
    pinfl: row.pinfl,
    tin: row.tin,
    phone: row.phone,
    email: row.email,
    language: row.language,
    hasPassword: row.has_password,
    organizationId: user.organizationId,
    organizationName: row.organization_name,
    roleId: row.role_id,
    membership: row.role,
  };
}

export async function updateOwnInfo(
  db: Db,
  user: AuthUser,
  input: { phone?: string | null; email?: string | null; language?: OwnInfo['language'] },
  ip?: string,
): Promise<OwnInfo> {
  return db.transaction(async (tx) => {
    const before = await getOwnInfo(tx, user);
    try {
      await tx.query(
        `update users set phone = case when $2 then $3 else phone end,
                email = case when $4 then $5 else email end,
                language = case when $6 then $7 else language end, updated_at = now()
          where id = $1`,
        [
          user.userId,
          input.phone !== undefined,
          input.phone ?? null,
          input.email !== undefined,
          input.email ?? null,
          input.language !== undefined,
          input.language ?? null,
        ],
      );
    } catch (error) {
      if (/duplicate key|users_phone_key/.test(String((error as Error).message))) {
        throw new ApiError(409, 'PHONE_TAKEN', 'access:errors.phoneTaken');
      }
      throw error;
    }
    const after = await getOwnInfo(tx, user);
    const pick = (info: OwnInfo) => ({ phone: info.phone, email: info.email, language: info.language });
    const changes = diff(pick(before), pick(after));
    if (Object.keys(changes).length) {
      await auditSettings(tx, user, { event: 'settings.profile.updated', target: user.userId, ip, changes });
    }
    return after;
  });
}
