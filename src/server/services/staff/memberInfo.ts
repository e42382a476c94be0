// A staff member's own data as the organisation's staff manager reads and changes it
// (Auth/getUserInfoByUserId, upsertUserInfoByUserId): the same fields as getUserInfoOwn. Contacts of
// a person the organisation did not add stay theirs (403 PERSON_NOT_MANAGED), as in updateUser.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, diff } from '../access/settingsAudit';
import { getOwnInfo, type OwnInfo } from './profile';
import { getStaff } from './staff';

/** One member's data; 404 for anyone who is not a member of the caller's organisation. */
export async function getMemberInfo(db: Db, user: AuthUser, userId: string): Promise<OwnInfo> {
  // getOwnInfo reads the person by id within the caller's organisation only.
  return getOwnInfo(db, { ...user, userId });
}

export async function updateMemberInfo(
  db: Db,
  user: AuthUser,
  userId: string,
  input: { phone?: string | null; email?: string | null; language?: OwnInfo['language'] },
  ip?: string,
): Promise<OwnInfo> {
  const staff = await getStaff(db, user, userId);
  if (!staff.managed && userId !== user.userId)
    throw new ApiError(403, 'PERSON_NOT_MANAGED', 'access:errors.personNotManaged');
  return db.transaction(async (tx) => {
    const before = await getMemberInfo(tx, user, userId);
    try {
      await tx.query(
        `update users set phone = case when $2 then $3 else phone end,
                email = case when $4 then $5 else email end,
                language = case when $6 then $7 else language end, updated_at = now()
          where id = $1`,
        [
          userId,
          input.phone !== undefined,
          input.phone ?? null,
          input.email !== undefined,
          input.email ?? null,
          input.language !== undefined,
          input.language ?? null,
        ],
      );
    } catch (error) {
      if (/duplicate key|users_phone_key|unique/i.test(String((error as Error).message)))
        throw new ApiError(409, 'PHONE_TAKEN', 'access:errors.phoneTaken');
      throw error;
    }
    const after = await getMemberInfo(tx, user, userId);
    const pick = (info: OwnInfo) => ({ phone: info.phone, email: info.email, language: info.language });
    const changes = diff(pick(before), pick(after));
    if (Object.keys(changes).length)
      await auditSettings(tx, user, { event: 'settings.staff.updated', target: userId, ip, changes });
    return after;
  });
}
