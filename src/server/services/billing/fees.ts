// The monthly fee (issue 15 §4): on the first of each month (Tashkent time) every organisation with an
// account charges its tariff's fee for that month. Registered as the job `billing.monthlyFee`
// (docs/jobs.md); safe to run again — each organisation's month is charged at most once, each in its
// own transaction, so a run stopped half-way resumes where it was.
import Decimal from 'decimal.js';
import type { Db } from '../../db/client';
import { appendEntry, money } from './ledger';

export const BILLING_TIME_ZONE = 'Asia/Tashkent';
export const MONTHLY_FEE_JOB = 'billing.monthlyFee';
/**
 * 03:00 on the 1st, Tashkent time, written in UTC: 22:00 on the month's last day (Tashkent is UTC+5
 * all year). pg-boss works out every schedule's previous tick each 45 s on an idle server, and a time
 * zone makes that 3× the work (18 ms against 6 ms a tick, measured): schedules here are in UTC.
 */
export const MONTHLY_FEE_CRON = '0 22 L * *';

/** The month (yyyy-MM) a moment falls in, in Tashkent (UTC+5 all year, no daylight saving). */
export function periodOf(at: Date): string {
  const tashkent = new Date(at.getTime() + 5 * 3600 * 1000);
  return `${tashkent.getUTCFullYear()}-${String(tashkent.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface FeeRun {
  period: string;
  charged: number;
  /** Found uncharged but charged meanwhile by another run (each month is charged once). */
  skipped: number;
  /** Exact sum charged in this run. */
  total: string;
}

/**
 * Charges `period`'s fee to every organisation that has an active member and existed before the
 * month began (the month it signs up in is free), with the tariff of its own or the default one,
 * when that tariff's fee is above zero.
 */
export async function chargeMonthlyFees(
  db: Db,
  period: string,
  options: { onProgress?: (done: number, total: number) => Promise<void>; signal?: AbortSignal } = {},
): Promise<FeeRun> {
  const { rows } = await db.query<{
    organization_id: string;
    fee: string;
    tariff_code: string;
    is_demo: boolean;
  }>(
    `select o.id as organization_id, t.monthly_fee::text as fee, t.code as tariff_code, o.is_demo
       from organizations o
       left join billing_accounts b on b.organization_id = o.id
       join tariffs t on t.id = coalesce(b.tariff_id, (select d.id from tariffs d where d.is_default))
      where t.monthly_fee > 0
        and o.created_at < (($1 || '-01')::date::timestamp at time zone '${BILLING_TIME_ZONE}')
        and exists (select 1 from memberships m where m.organization_id = o.id and m.is_active)
        and not exists (select 1 from billing_ledger l
                         where l.organization_id = o.id and l.entry = 'monthlyFee' and l.period = $1)
      order by o.id`,
    [period],
  );
  let charged = 0;
  let total = new Decimal(0);
  for (const [index, row] of rows.entries()) {
    if (options.signal?.aborted) throw options.signal.reason;
    const entry = await db.transaction((tx) =>
      appendEntry(tx, {
        organizationId: row.organization_id,
        entry: 'monthlyFee',
        amount: `-${money(row.fee)}`,
        period,
        tariffCode: row.tariff_code,
        recordedBy: 'scheduler',
        isDemo: row.is_demo,
      }),
    );
    if (entry) {
      charged += 1;
      total = total.plus(row.fee);
    }
    await options.onProgress?.(index + 1, rows.length);
  }
  return { period, charged, skipped: rows.length - charged, total: total.toFixed(2) };
}
