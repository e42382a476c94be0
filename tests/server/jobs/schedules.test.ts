import cronParser from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { MONTHLY_FEE_CRON, periodOf } from '../../../src/server/services/billing/fees';

// Schedules are written in UTC (a time zone triples pg-boss's work on every monitor tick). The monthly
// fee must still fall at 03:00 on the 1st in Tashkent, in the month it charges, every month.
describe('the monthly fee schedule, evaluated as pg-boss does (cron-parser, UTC)', () => {
  const ticks: Date[] = [];
  const interval = cronParser.parseExpression(MONTHLY_FEE_CRON, {
    tz: 'UTC',
    currentDate: new Date('2026-01-15T00:00:00Z'),
  });
  for (let i = 0; i < 48; i++) ticks.push(interval.next().toDate());

  it.each(ticks.map((t) => [t.toISOString(), t]))('%s is 03:00 on the 1st in Tashkent', (_, tick) => {
    const tashkent = new Date((tick as Date).getTime() + 5 * 3600 * 1000);
    expect(tashkent.getUTCDate()).toBe(1);
    expect(tashkent.getUTCHours()).toBe(3);
    expect(tashkent.getUTCMinutes()).toBe(0);
  });

  it('charges each month once, in order, the month the tick begins (a tick may run up to 75 s late)', () => {
    const periods = ticks.map((t) => periodOf(new Date(t.getTime() + 75_000)));
    expect(periods[0]).toBe('2026-02');
    expect(periods.at(-1)).toBe('2030-01');
    expect(new Set(periods).size).toBe(48);
  });
});
