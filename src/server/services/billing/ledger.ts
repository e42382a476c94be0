// The billing ledger (issue 15 §4): every top-up and fee is one row; the account's balance is their
// sum, updated in the same transaction. Amounts are exact decimals (numeric in SQL, strings here).
import Decimal from 'decimal.js';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { type ListAnswer, paging } from '../staff/paging';

export interface LedgerEntry {
  id: string;
  at: string;
  entry: 'topUp' | 'monthlyFee' | 'adjustment';
  /** Exact decimal with 2 places, negative when charged. */
  amount: string;
  balanceAfter: string;
  period: string | null;
  tariffCode: string | null;
  reference: string | null;
  note: string | null;
  recordedBy: string;
  isDemo: boolean;
}

interface LedgerRow {
  id: string | number;
  at: Date | string;
  entry: LedgerEntry['entry'];
  amount: string;
  balance_after: string;
  period: string | null;
  tariff_code: string | null;
  reference: string | null;
  note: string | null;
  recorded_by: string;
  is_demo: boolean;
}

/** numeric as text with two places ("1250.00"): drivers answer numeric as strings. */
export const money = (value: string | number | null | undefined) => new Decimal(value ?? 0).toFixed(2);

const entryOf = (row: LedgerRow): LedgerEntry => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  entry: row.entry,
  amount: money(row.amount),
  balanceAfter: money(row.balance_after),
  period: row.period,
  tariffCode: row.tariff_code,
  reference: row.reference,
  note: row.note,
  recordedBy: row.recorded_by,
  isDemo: row.is_demo,
});

export async function ledgerPage(
  db: Db,
  organizationId: string,
  query: { page?: number; pageSize?: number } = {},
): Promise<ListAnswer<LedgerEntry>> {
  const { pageSize, offset } = paging(query.page, query.pageSize);
  const { rows: count } = await db.query<{ n: string }>(
    'select count(*) as n from billing_ledger where organization_id = $1',
    [organizationId],
  );
  const { rows } = await db.query<LedgerRow>(
    `select id, at, entry, amount::text as amount, balance_after::text as balance_after, period, tariff_code, reference,
            note, recorded_by, is_demo
       from billing_ledger where organization_id = $1 order by id desc limit $2 offset $3`,
    [organizationId, pageSize, offset],
  );
  return { rows: rows.map(entryOf), totalCount: Number(count[0].n) };
}

export interface NewEntry {
  organizationId: string;
  entry: LedgerEntry['entry'];
  /** Exact decimal text, at most 2 places. */
  amount: string;
  period?: string | null;
  tariffCode?: string | null;
  reference?: string | null;
  note?: string | null;
  recordedBy: string;
  isDemo?: boolean;
}

/** Checks an amount given as text: a finite decimal with at most 2 places, not zero. */
export function parseAmount(text: string): string {
  if (!/^-?\d{1,18}(\.\d{1,2})?$/.test(text.trim()))
    throw new ApiError(400, 'BAD_AMOUNT', 'settings:billing.badAmount');
  const value = new Decimal(text.trim());
  if (value.isZero()) throw new ApiError(400, 'BAD_AMOUNT', 'settings:billing.badAmount');
  return value.toFixed(2);
}

/**
 * Appends an entry and moves the balance in one transaction (`tx` must be one). Answers null when
 * the entry exists already (a month's fee charged before).
 */
export async function appendEntry(tx: Db, entry: NewEntry): Promise<LedgerEntry | null> {
  await tx.query(
    `insert into billing_accounts (organization_id) values ($1) on conflict (organization_id) do nothing`,
    [entry.organizationId],
  );
  // Locks the account: entries of one organisation are appended one at a time.
  const { rows: account } = await tx.query<{ balance: string }>(
    'select balance::text as balance from billing_accounts where organization_id = $1 for update',
    [entry.organizationId],
  );
  if (entry.entry === 'monthlyFee') {
    const { rows: charged } = await tx.query(
      `select 1 from billing_ledger where organization_id = $1 and entry = 'monthlyFee' and period = $2`,
      [entry.organizationId, entry.period],
    );
    if (charged.length) return null;
  }
  const balanceAfter = new Decimal(account[0].balance).plus(entry.amount).toFixed(2);
  const { rows } = await tx.query<LedgerRow>(
    `insert into billing_ledger (organization_id, entry, amount, balance_after, period, tariff_code, reference, note, recorded_by, is_demo)
     values ($1, $2, $3::numeric, $4::numeric, $5, $6, $7, $8, $9, $10)
     returning id, at, entry, amount::text as amount, balance_after::text as balance_after, period, tariff_code, reference,
               note, recorded_by, is_demo`,
    [
      entry.organizationId,
      entry.entry,
      entry.amount,
      balanceAfter,
      entry.period ?? null,
      entry.tariffCode ?? null,
      entry.reference ?? null,
      entry.note ?? null,
      entry.recordedBy,
      entry.isDemo ?? false,
    ],
  );
  await tx.query(
    'update billing_accounts set balance = $2::numeric, updated_at = now() where organization_id = $1',
    [entry.organizationId, balanceAfter],
  );
  return entryOf(rows[0]);
}
