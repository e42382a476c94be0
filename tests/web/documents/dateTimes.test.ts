import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { daysUntil, showDateTime } from '../../../src/web/documents/format';

// Times in the workspace are the organisation's (Asia/Tashkent, UTC+5 all year), as on the printed
// form and the verification page — never the browser's zone (issue 26: "the print uses Tashkent time
// while the view uses the browser's"). Planted: showDateTime reading the browser's local time.

describe('workspace times in Tashkent time, whatever the browser’s zone', () => {
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    // A browser far from Tashkent (and with daylight saving) must still show Tashkent's clock.
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('a moment shows as the wall clock in Tashkent, in the locale’s date format', () => {
    expect(showDateTime('2026-11-20T09:15:00Z', 'ru')).toBe('20.11.2026 14:15');
    expect(showDateTime('2026-11-20T09:15:07.250Z', 'ru', true)).toBe('20.11.2026 14:15:07');
    expect(showDateTime('2026-11-20T09:15:00Z', 'en')).toBe('11/20/2026 14:15');
    // After 19:00 UTC it is already the next day in Tashkent.
    expect(showDateTime('2026-11-20T20:30:00Z', 'uz')).toBe('21/11/2026 01:30');
    expect(showDateTime('2026-11-20T09:15:00+05:00', 'ru')).toBe('20.11.2026 09:15');
  });

  it('nothing, or text that is not a moment, as it is', () => {
    expect(showDateTime(null, 'ru')).toBe('');
    expect(showDateTime('soon', 'ru')).toBe('soon');
  });

  it('days left to answer count Tashkent’s calendar days', () => {
    // 20 Nov 20:00 UTC is 21 Nov 01:00 in Tashkent: an answer due on the 21st is due today.
    expect(daysUntil('2026-11-21', new Date('2026-11-20T20:00:00Z'))).toBe(0);
    expect(daysUntil('2026-11-21', new Date('2026-11-20T18:00:00Z'))).toBe(1);
    expect(daysUntil('2026-11-19', new Date('2026-11-20T12:00:00Z'))).toBe(-1);
  });
});
