import { describe, expect, it } from 'vitest';
import { assignTariff, recordTopUp, saveTariff } from '../../../src/server/services/billing/account';
import { chargeMonthlyFees, MONTHLY_FEE_JOB, periodOf } from '../../../src/server/services/billing/fees';
import { parseAmount } from '../../../src/server/services/billing/ledger';
import { type TestContext, withDatabases } from '../harness';
import { bearer, director } from './helpers';

const balanceOf = async (ctx: TestContext, tin: string) => {
  const { rows } = await ctx.db.query<{ balance: string }>(
    'select b.balance::text as balance from billing_accounts b join organizations o on o.id = b.organization_id where o.tin = $1',
    [tin],
  );
  return rows[0]?.balance as string | undefined;
};

describe('billing amounts', () => {
  it('takes exact decimals with at most two places, never zero', () => {
    expect(parseAmount('150000')).toBe('150000.00');
    expect(parseAmount(' 0.1 ')).toBe('0.10');
    for (const bad of ['0', '0.00', '1.234', 'abc', '1e5', '', '12,50']) {
      expect(() => parseAmount(bad), bad).toThrow();
    }
  });

  it('counts the month in Tashkent time (UTC+5)', () => {
    expect(periodOf(new Date('2026-01-31T18:59:59Z'))).toBe('2026-01');
    expect(periodOf(new Date('2026-01-31T19:00:00Z'))).toBe('2026-02');
  });
});

withDatabases('billing ledger and the monthly fee', (ctx) => {
  it('top-ups add exactly (0.10 + 0.20 = 0.30) and the ledger keeps every balance', async () => {
    await ctx.db.query("insert into organizations (tin, name) values ('301111111', 'Ledger (test)')");
    await recordTopUp(ctx.db, { identity: '301111111', amount: '0.10', recordedBy: 'test' });
    const second = await recordTopUp(ctx.db, {
      identity: '301111111',
      amount: '0.20',
      reference: 'p/o 2',
      recordedBy: 'test',
    });
    expect(second.balanceAfter).toBe('0.30');
    expect(await balanceOf(ctx, '301111111')).toBe('0.30');
  });

  it('charges the default tariff once a month to organisations with an account, the month of sign-up free', async () => {
    // The demo seed's tariff is the default (150 000.00); demo organisations have members.
    const before = await balanceOf(ctx, '302000002');
    const old = "'2020-01-01'::timestamptz";
    await ctx.db.query(
      `update organizations set created_at = ${old} where tin in ('302000001', '302000002', '302000003')`,
    );
    const first = await chargeMonthlyFees(ctx.db, '2026-03');
    expect(first.charged).toBeGreaterThanOrEqual(3);
    expect(await balanceOf(ctx, '302000002')).toBe((Number(before) - 150000).toFixed(2));
    const again = await chargeMonthlyFees(ctx.db, '2026-03');
    expect(again.charged).toBe(0);
    expect(await balanceOf(ctx, '302000002')).toBe((Number(before) - 150000).toFixed(2));
    // An organisation created during the month (no account before it) is not charged for it.
    const { rows } = await ctx.db.query(
      "select 1 from billing_ledger l join organizations o on o.id = l.organization_id where o.tin = '301111111' and l.entry = 'monthlyFee'",
    );
    expect(rows).toHaveLength(0);
  });

  it('an organisation’s own tariff replaces the default; a tariff of 0 charges nothing', async () => {
    await saveTariff(ctx.db, { code: 'free', name: 'Free (test)', monthlyFee: '0' });
    await saveTariff(ctx.db, { code: 'small', name: 'Small (test)', monthlyFee: '9999.99' });
    await assignTariff(ctx.db, '302000001', 'free');
    await assignTariff(ctx.db, '302000003', 'small');
    const before1 = await balanceOf(ctx, '302000001');
    const before3 = await balanceOf(ctx, '302000003');
    await chargeMonthlyFees(ctx.db, '2026-04');
    expect(await balanceOf(ctx, '302000001')).toBe(before1);
    expect(await balanceOf(ctx, '302000003')).toBe((Number(before3) - 9999.99).toFixed(2));
  });

  it('runs as the scheduled job billing.monthlyFee', async () => {
    const before = await balanceOf(ctx, '302000002');
    await ctx.db.transaction((tx) =>
      ctx.app.jobs.enqueue(tx, MONTHLY_FEE_JOB, { period: '2026-05' }, { owner: null }),
    );
    await ctx.app.jobs.runPending(MONTHLY_FEE_JOB);
    expect(await balanceOf(ctx, '302000002')).toBe((Number(before) - 150000).toFixed(2));
  });

  it('answers the organisation’s own tariff, balance and ledger, and the requisites to pay to', async () => {
    const boss = await director(ctx, 2);
    const summary = await ctx.app.inject({
      method: 'GET',
      url: '/api/Billing/getSummary',
      headers: bearer(boss),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data).toMatchObject({
      tariff: { code: 'standard-demo', monthlyFee: '150000.00', isDemo: true },
      balance: await balanceOf(ctx, '302000002'),
      payee: { isDemo: true, mfo: '00440' },
      paymentPurpose: '302000002',
    });
    const ledger = await ctx.app.inject({
      method: 'GET',
      url: '/api/Billing/getLedger',
      headers: bearer(boss),
    });
    const rows = ledger.json().data.rows;
    expect(rows[0]).toMatchObject({ entry: 'monthlyFee', amount: '-150000.00', period: '2026-05' });
    expect(rows.at(-1)).toMatchObject({ entry: 'topUp', amount: '450000.00', isDemo: true });
    // Another organisation's entries never appear.
    const mine = new Set(rows.map((r: { id: string }) => r.id));
    const other = await director(ctx, 3);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/Billing/getLedger?pageSize=100',
      headers: bearer(other),
    });
    const theirIds = theirs.json().data.rows.map((r: { id: string }) => r.id);
    expect(theirIds.length).toBeGreaterThan(0);
    expect(theirIds.filter((id: string) => mine.has(id))).toEqual([]);
  });
});
