// Bank accounts of the organisation (OrganizationAccount group; input checked with the bankAccount
// settings form). The main account is the one the company form's Account and BankId (MFO) show, and
// documents are filled with.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, diff } from '../access/settingsAudit';
import { type ListAnswer, paging } from '../staff/paging';

export interface BankAccountView {
  id: string;
  account: string;
  mfo: string;
  bankName: string;
  currency: string;
  isMain: boolean;
  isActive: boolean;
  updatedAt: string;
}

export interface BankAccountInput {
  account: string;
  mfo: string;
  bankName?: string;
  currency?: string;
  isMain?: boolean;
}

interface Row {
  id: string;
  account: string;
  mfo: string;
  bank_name: string;
  currency: string;
  is_main: boolean;
  is_active: boolean;
  updated_at: Date | string;
}

const viewOf = (row: Row): BankAccountView => ({
  id: row.id,
  account: row.account,
  mfo: row.mfo,
  bankName: row.bank_name,
  currency: row.currency,
  isMain: row.is_main,
  isActive: row.is_active,
  updatedAt: new Date(row.updated_at).toISOString(),
});

// An account saved without its bank's name (before the name was filled on save) shows the name the
// banks directory has for its MFO.
const COLUMNS = `a.id, a.account, a.mfo, coalesce(nullif(a.bank_name, ''), b.name, '') as bank_name, a.currency,
  a.is_main, a.is_active, a.updated_at`;
const FROM = 'organization_accounts a left join ref_banks b on b.mfo = a.mfo';

/** The bank's name in the banks directory, or null when it does not know the MFO. */
async function directoryBankName(db: Db, mfo: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('select name from ref_banks where mfo = $1', [mfo]);
  return rows[0]?.name ?? null;
}

/**
 * The bank name to keep: the one given, unless it is the old bank's name left in the form after the
 * MFO changed; else the directory's name for the MFO.
 */
async function bankNameFor(db: Db, input: BankAccountInput, before: BankAccountView | null): Promise<string> {
  const given = input.bankName?.trim() ?? (before && before.mfo === input.mfo ? before.bankName : '');
  const stale = before !== null && before.mfo !== input.mfo && given === before.bankName;
  if (given && !stale) return given;
  return (await directoryBankName(db, input.mfo)) ?? (stale ? '' : given);
}
export async function listAccounts(
  db: Db,
  user: AuthUser,
  query: { page?: number; pageSize?: number; isActive?: boolean } = {},
): Promise<ListAnswer<BankAccountView>> {
  const { pageSize, offset } = paging(query.page, query.pageSize);
  const params = [user.organizationId, query.isActive ?? null];
  const where = 'a.organization_id = $1 and ($2::boolean is null or a.is_active = $2)';
  const { rows: count } = await db.query<{ n: string }>(
    `select count(*) as n from organization_accounts a where ${where}`,
    params,
  );
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM} where ${where}
      order by a.is_main desc, a.is_active desc, a.created_at, a.id limit $3 offset $4`,
    [...params, pageSize, offset],
  );
  return { rows: rows.map(viewOf), totalCount: Number(count[0].n) };
}

export async function getAccount(db: Db, user: AuthUser, id: string): Promise<BankAccountView> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM} where a.organization_id = $1 and a.id = $2`,
    [user.organizationId, id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.accountNotFound');
  return viewOf(rows[0]);
}

/** Keeps the company form's Account and BankId equal to the main account. */
async function syncMain(tx: Db, organizationId: string) {
  const { rows } = await tx.query<{ account: string; mfo: string }>(
    'select account, mfo from organization_accounts where organization_id = $1 and is_main',
    [organizationId],
  );
  if (!rows[0]) return;
  await tx.query(
    `update organizations set requisites = requisites || jsonb_build_object('Account', $2::text, 'BankId', $3::text),
            updated_at = clock_timestamp() where id = $1`,
    [organizationId, rows[0].account, rows[0].mfo],
  );
}

const duplicate = (error: unknown) =>
  /duplicate key|organization_accounts_organization_id_account_key/.test(String((error as Error)?.message));

export async function saveAccount(
  db: Db,
  user: AuthUser,
  input: BankAccountInput & { id?: string },
  ip?: string,
): Promise<BankAccountView> {
  return db.transaction(async (tx) => {
    const before = input.id ? await getAccount(tx, user, input.id) : null;
    const { rows: others } = await tx.query(
      'select 1 from organization_accounts where organization_id = $1 and is_main limit 1',
      [user.organizationId],
    );
    // The first account of an organisation is its main one.
    const isMain = input.isMain ?? (before ? before.isMain : others.length === 0);
    if (isMain) {
      await tx.query(
        'update organization_accounts set is_main = false where organization_id = $1 and is_main and id <> coalesce($2::uuid, gen_random_uuid())',
        [user.organizationId, input.id ?? null],
      );
    }
    let id = input.id;
    const bankName = await bankNameFor(tx, input, before);
    try {
      if (before) {
        await tx.query(
          `update organization_accounts set account = $3, mfo = $4, bank_name = $5, currency = $6, is_main = $7, updated_at = now()
            where organization_id = $1 and id = $2`,
          [
            user.organizationId,
            before.id,
            input.account,
            input.mfo,
            bankName,
            input.currency ?? before.currency,
            isMain,
          ],
        );
      } else {
        const { rows } = await tx.query<{ id: string }>(
          `insert into organization_accounts (organization_id, account, mfo, bank_name, currency, is_main)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [user.organizationId, input.account, input.mfo, bankName, input.currency ?? 'UZS', isMain],
        );
        id = rows[0].id;
      }
    } catch (error) {
      if (duplicate(error)) throw new ApiError(409, 'ACCOUNT_EXISTS', 'access:errors.accountExists');
      throw error;
    }
    if (isMain) await syncMain(tx, user.organizationId);
    const after = await getAccount(tx, user, id!);
    const pick = (v: BankAccountView | null) =>
      v && { account: v.account, mfo: v.mfo, bankName: v.bankName, currency: v.currency, isMain: v.isMain };
    await auditSettings(tx, user, {
      event: before ? 'settings.account.updated' : 'settings.account.added',
      target: id,
      ip,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}

export async function deleteAccount(db: Db, user: AuthUser, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getAccount(tx, user, id);
    await tx.query('delete from organization_accounts where organization_id = $1 and id = $2', [
      user.organizationId,
      id,
    ]);
    await auditSettings(tx, user, {
      event: 'settings.account.deleted',
      target: id,
      ip,
      changes: diff({ account: before.account, mfo: before.mfo }, null),
    });
  });
}

/** Switches an account on or off; a switched-off account is not the main one any more. */
export async function toggleAccount(
  db: Db,
  user: AuthUser,
  id: string,
  ip?: string,
): Promise<BankAccountView> {
  return db.transaction(async (tx) => {
    const before = await getAccount(tx, user, id);
    await tx.query(
      `update organization_accounts set is_active = not is_active, is_main = is_main and not is_active, updated_at = now()
        where organization_id = $1 and id = $2`,
      [user.organizationId, id],
    );
    const after = await getAccount(tx, user, id);
    await auditSettings(tx, user, {
      event: 'settings.account.updated',
      target: id,
      ip,
      changes: diff(
        { isActive: before.isActive, isMain: before.isMain },
        { isActive: after.isActive, isMain: after.isMain },
      ),
    });
    return after;
  });
}
