// Accountants a document may name (OrganizationAccountant group) and the chief accountant
// (Organization getAccountant / setAccountant): the main one is the company form's Accountant.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, diff } from '../access/settingsAudit';

export interface AccountantView {
  id: string;
  fullName: string;
  pinfl: string | null;
  userId: string | null;
  isMain: boolean;
  isActive: boolean;
  updatedAt: string;
}

interface Row {
  id: string;
  full_name: string;
  pinfl: string | null;
  user_id: string | null;
  is_main: boolean;
  is_active: boolean;
  updated_at: Date | string;
}

const viewOf = (row: Row): AccountantView => ({
  id: row.id,
  fullName: row.full_name,
  pinfl: row.pinfl,
  userId: row.user_id,
  isMain: row.is_main,
  isActive: row.is_active,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const COLUMNS = 'id, full_name, pinfl, user_id, is_main, is_active, updated_at';

export async function listAccountants(
  db: Db,
  user: AuthUser,
  options: { activeOnly?: boolean } = {},
): Promise<AccountantView[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from organization_accountants where organization_id = $1 and (not $2 or is_active)
      order by is_main desc, is_active desc, full_name, id`,
    [user.organizationId, options.activeOnly === true],
  );
  return rows.map(viewOf);
}

export async function getAccountant(db: Db, user: AuthUser, id: string): Promise<AccountantView> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from organization_accountants where organization_id = $1 and id = $2`,
    [user.organizationId, id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.accountantNotFound');
  return viewOf(rows[0]);
}

/** The chief accountant, or null. */
export async function mainAccountant(db: Db, user: AuthUser): Promise<AccountantView | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from organization_accountants where organization_id = $1 and is_main`,
    [user.organizationId],
  );
  return rows[0] ? viewOf(rows[0]) : null;
}

/** Keeps the company form's Accountant equal to the chief accountant's name. */
async function syncMain(tx: Db, organizationId: string) {
  const { rows } = await tx.query<{ full_name: string }>(
    'select full_name from organization_accountants where organization_id = $1 and is_main',
    [organizationId],
  );
  if (!rows[0]) return;
  await tx.query(
    `update organizations set requisites = requisites || jsonb_build_object('Accountant', $2::text),
            updated_at = clock_timestamp() where id = $1`,
    [organizationId, rows[0].full_name],
  );
}

async function clearMain(tx: Db, organizationId: string, keep: string | null) {
  await tx.query(
    'update organization_accountants set is_main = false where organization_id = $1 and is_main and ($2::uuid is null or id <> $2)',
    [organizationId, keep],
  );
}

const pick = (v: AccountantView | null) =>
  v && { fullName: v.fullName, pinfl: v.pinfl, isMain: v.isMain, isActive: v.isActive };

export async function upsertAccountant(
  db: Db,
  user: AuthUser,
  input: { id?: string; fullName: string; pinfl?: string | null; isMain?: boolean },
  ip?: string,
): Promise<AccountantView> {
  return db.transaction(async (tx) => {
    const before = input.id ? await getAccountant(tx, user, input.id) : null;
    const isMain = input.isMain ?? before?.isMain ?? false;
    if (isMain) await clearMain(tx, user.organizationId, before?.id ?? null);
    let id = input.id;
    try {
      if (before) {
        await tx.query(
          `update organization_accountants set full_name = $3, pinfl = $4, is_main = $5, updated_at = now()
            where organization_id = $1 and id = $2`,
          [user.organizationId, before.id, input.fullName.trim(), input.pinfl ?? null, isMain],
        );
      } else {
        const { rows } = await tx.query<{ id: string }>(
          `insert into organization_accountants (organization_id, full_name, pinfl, is_main) values ($1, $2, $3, $4) returning id`,
          [user.organizationId, input.fullName.trim(), input.pinfl ?? null, isMain],
        );
        id = rows[0].id;
      }
    } catch (error) {
      if (/duplicate key/.test(String((error as Error)?.message))) {
        throw new ApiError(409, 'ACCOUNTANT_EXISTS', 'access:errors.accountantExists');
      }
      throw error;
    }
    if (isMain) await syncMain(tx, user.organizationId);
    const after = await getAccountant(tx, user, id!);
    await auditSettings(tx, user, {
      event: 'settings.accountant.updated',
      target: id,
      ip,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}

/** Switches an accountant on or off; a switched-off accountant is not the chief one any more. */
export async function toggleAccountant(
  db: Db,
  user: AuthUser,
  id: string,
  ip?: string,
): Promise<AccountantView> {
  return db.transaction(async (tx) => {
    const before = await getAccountant(tx, user, id);
    await tx.query(
      `update organization_accountants set is_active = not is_active, is_main = is_main and not is_active, updated_at = now()
        where organization_id = $1 and id = $2`,
      [user.organizationId, id],
    );
    const after = await getAccountant(tx, user, id);
    await auditSettings(tx, user, {
      event: 'settings.accountant.updated',
      target: id,
      ip,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}

/** Makes a staff member the chief accountant (Organization/setAccountant). */
export async function setChiefAccountant(
  db: Db,
  user: AuthUser,
  userId: string,
  ip?: string,
): Promise<AccountantView> {
  return db.transaction(async (tx) => {
    const { rows: people } = await tx.query<{ full_name: string; pinfl: string | null }>(
      `select u.full_name, u.pinfl from memberships m join users u on u.id = m.user_id
        where m.organization_id = $1 and m.user_id = $2 and m.is_active`,
      [user.organizationId, userId],
    );
    if (!people[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.staffNotFound');
    const before = await mainAccountant(tx, user);
    await clearMain(tx, user.organizationId, null);
    const { rows: existing } = await tx.query<{ id: string }>(
      `select id from organization_accountants where organization_id = $1 and (user_id = $2 or ($3::text is not null and pinfl = $3))
        order by (user_id = $2) desc limit 1`,
      [user.organizationId, userId, people[0].pinfl],
    );
    let id = existing[0]?.id;
    if (id) {
      await tx.query(
        `update organization_accountants set user_id = $3, full_name = $4, pinfl = $5, is_main = true, is_active = true, updated_at = now()
          where organization_id = $1 and id = $2`,
        [user.organizationId, id, userId, people[0].full_name, people[0].pinfl],
      );
    } else {
      const { rows } = await tx.query<{ id: string }>(
        `insert into organization_accountants (organization_id, user_id, full_name, pinfl, is_main) values ($1, $2, $3, $4, true) returning id`,
        [user.organizationId, userId, people[0].full_name, people[0].pinfl],
      );
      id = rows[0].id;
    }
    await syncMain(tx, user.organizationId);
    const after = await getAccountant(tx, user, id);
    await auditSettings(tx, user, {
      event: 'settings.accountant.set',
      target: id,
      ip,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}
