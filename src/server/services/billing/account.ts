// What the subscription-fee and balance pages show: the tariff, the balance, the next fee and where to
// pay. Tariffs, the payee and top-ups are the operator administrator's (scripts/billing.ts).
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { periodOf } from './fees';
import { appendEntry, type LedgerEntry, money, parseAmount } from './ledger';

export interface Tariff {
  code: string;
  name: string;
  monthlyFee: string;
  isDemo: boolean;
}

export interface Payee {
  name: string;
  tin: string;
  account: string;
  mfo: string;
  bankName: string;
  isDemo: boolean;
}

export interface BillingSummary {
  tariff: Tariff | null;
  balance: string;
  currency: 'UZS';
  /** The next fee's month (yyyy-MM) and its first day, when a tariff with a fee applies. */
  nextFee: { period: string; date: string; amount: string } | null;
  /** Months the balance covers at the current fee (null: no fee). */
  monthsCovered: number | null;
  payee: Payee | null;
  /** The payment purpose to write on the payment order: names the organisation's TIN/PINFL. */
  paymentPurpose: string;
}

export async function billingSummary(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<BillingSummary> {
  const { rows } = await db.query<{
    identity: string;
    balance: string | null;
    code: string | null;
    name: string | null;
    monthly_fee: string | null;
    tariff_demo: boolean | null;
  }>(
    `select coalesce(o.tin, o.pinfl) as identity, b.balance::text as balance, t.code, t.name, t.monthly_fee::text as monthly_fee,
            t.is_demo as tariff_demo
       from organizations o
       left join billing_accounts b on b.organization_id = o.id
       left join tariffs t on t.id = coalesce(b.tariff_id, (select d.id from tariffs d where d.is_default))
      where o.id = $1`,
    [organizationId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
  const { rows: payees } = await db.query<{
    name: string;
    tin: string;
    account: string;
    mfo: string;
    bank_name: string;
    is_demo: boolean;
  }>('select name, tin, account, mfo, bank_name, is_demo from billing_payee');
  const tariff = row.code
    ? {
        code: row.code,
        name: row.name!,
        monthlyFee: money(row.monthly_fee),
        isDemo: row.tariff_demo === true,
      }
    : null;
  const balance = money(row.balance);
  const fee = tariff ? Number(tariff.monthlyFee) : 0;
  const [year, month] = periodOf(now).split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const payee = payees[0];
  return {
    tariff,
    balance,
    currency: 'UZS',
    nextFee: tariff && fee > 0 ? { period: next, date: `${next}-01`, amount: tariff.monthlyFee } : null,
    // Whole months: a count, not money (the balance and fee are exact; the ratio is only shown).
    monthsCovered: fee > 0 ? Math.max(0, Math.floor(Number(balance) / fee)) : null,
    payee: payee
      ? {
          name: payee.name,
          tin: payee.tin,
          account: payee.account,
          mfo: payee.mfo,
          bankName: payee.bank_name,
          isDemo: payee.is_demo,
        }
      : null,
    paymentPurpose: row.identity,
  };
}

/** The operator's administrator records money received from an organisation (by its TIN/PINFL). */
export async function recordTopUp(
  db: Db,
  input: {
    identity: string;
    amount: string;
    reference?: string;
    note?: string;
    recordedBy: string;
    isDemo?: boolean;
  },
): Promise<LedgerEntry> {
  const amount = parseAmount(input.amount);
  if (Number(amount) <= 0) throw new ApiError(400, 'BAD_AMOUNT', 'settings:billing.badAmount');
  const { rows } = await db.query<{ id: string }>(
    'select id from organizations where tin = $1 or pinfl = $1',
    [input.identity],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
  const entry = await db.transaction((tx) =>
    appendEntry(tx, {
      organizationId: rows[0].id,
      entry: 'topUp',
      amount,
      reference: input.reference ?? null,
      note: input.note ?? null,
      recordedBy: input.recordedBy,
      isDemo: input.isDemo,
    }),
  );
  return entry!;
}

/** Creates or changes a tariff; `isDefault: true` makes it the tariff of organisations without their own. */
export async function saveTariff(
  db: Db,
  input: { code: string; name: string; monthlyFee: string; isDefault?: boolean; isDemo?: boolean },
): Promise<void> {
  if (!/^\d{1,18}(\.\d{1,2})?$/.test(input.monthlyFee.trim())) {
    throw new ApiError(400, 'BAD_AMOUNT', 'settings:billing.badAmount');
  }
  const fee = money(input.monthlyFee.trim());
  await db.transaction(async (tx) => {
    if (input.isDefault)
      await tx.query('update tariffs set is_default = false where is_default and code <> $1', [input.code]);
    await tx.query(
      `insert into tariffs (code, name, monthly_fee, is_default, is_demo) values ($1, $2, $3::numeric, $4, $5)
       on conflict (code) do update set name = excluded.name, monthly_fee = excluded.monthly_fee,
         is_default = case when $6 then excluded.is_default else tariffs.is_default end, updated_at = now()`,
      [
        input.code,
        input.name,
        fee,
        input.isDefault === true,
        input.isDemo === true,
        input.isDefault !== undefined,
      ],
    );
  });
}

/** Gives an organisation a tariff of its own (null: back to the default one). */
export async function assignTariff(db: Db, identity: string, code: string | null): Promise<void> {
  const { rows: orgs } = await db.query<{ id: string }>(
    'select id from organizations where tin = $1 or pinfl = $1',
    [identity],
  );
  if (!orgs[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
  let tariffId: string | null = null;
  if (code) {
    const { rows } = await db.query<{ id: string }>('select id from tariffs where code = $1', [code]);
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'settings:billing.tariffNotFound');
    tariffId = rows[0].id;
  }
  await db.query(
    `insert into billing_accounts (organization_id, tariff_id) values ($1, $2)
     on conflict (organization_id) do update set tariff_id = excluded.tariff_id, updated_at = now()`,
    [orgs[0].id, tariffId],
  );
}

export async function savePayee(db: Db, payee: Omit<Payee, 'isDemo'> & { isDemo?: boolean }): Promise<void> {
  await db.query(
    `insert into billing_payee (id, name, tin, account, mfo, bank_name, is_demo) values (true, $1, $2, $3, $4, $5, $6)
     on conflict (id) do update set name = excluded.name, tin = excluded.tin, account = excluded.account, mfo = excluded.mfo,
       bank_name = excluded.bank_name, is_demo = excluded.is_demo, updated_at = now()`,
    [payee.name, payee.tin, payee.account, payee.mfo, payee.bankName, payee.isDemo ?? false],
  );
}
