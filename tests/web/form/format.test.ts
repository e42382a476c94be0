import { describe, expect, it } from 'vitest';
import { toDecimal } from '../../../src/web/form/engine';
import { formatDate, formatDecimal, parseLocalDate } from '../../../src/web/form/format';

describe('formatDate', () => {
  it('shows a stored day in each locale’s format', () => {
    expect(formatDate('2025-05-01', 'ru')).toBe('01.05.2025');
    expect(formatDate('2025-05-01', 'uz')).toBe('01/05/2025');
    expect(formatDate('2025-05-01', 'en')).toBe('05/01/2025');
  });

  it('returns anything that is not a real yyyy-MM-dd day as it is', () => {
    expect(formatDate('', 'ru')).toBe('');
    expect(formatDate(undefined, 'ru')).toBe('');
    expect(formatDate('2025-02-29', 'ru')).toBe('2025-02-29');
    expect(formatDate('2024-02-29', 'ru')).toBe('29.02.2024');
    expect(formatDate('01.05.2025', 'ru')).toBe('01.05.2025');
    expect(formatDate('2025-5-1', 'ru')).toBe('2025-5-1');
  });
});

describe('parseLocalDate', () => {
  it('reads the locale’s format into yyyy-MM-dd', () => {
    expect(parseLocalDate('31.12.2025', 'ru')).toBe('2025-12-31');
    expect(parseLocalDate(' 31/12/2025 ', 'uz')).toBe('2025-12-31');
    expect(parseLocalDate('12/31/2025', 'en')).toBe('2025-12-31');
  });

  it('refuses incomplete text, another locale’s separator and days that do not exist', () => {
    expect(parseLocalDate('31.12.202', 'ru')).toBeNull();
    expect(parseLocalDate('31/12/2025', 'ru')).toBeNull();
    expect(parseLocalDate('31.12.2025', 'uz')).toBeNull();
    expect(parseLocalDate('31/12/2025', 'en')).toBeNull();
    expect(parseLocalDate('29.02.2025', 'ru')).toBeNull();
    expect(parseLocalDate('00.01.2025', 'ru')).toBeNull();
    expect(parseLocalDate('01.13.2025', 'ru')).toBeNull();
  });

  it('round-trips with formatDate', () => {
    for (const lang of ['ru', 'uz', 'en'] as const)
      expect(parseLocalDate(formatDate('2024-02-29', lang), lang)).toBe('2024-02-29');
  });
});

describe('formatDecimal', () => {
  it('groups thousands and uses the locale’s separator', () => {
    expect(formatDecimal('1234567.5', 'ru', 2)).toBe('1\u202f234\u202f567,50');
    expect(formatDecimal('-1234.5', 'en', 2)).toBe('-1,234.50');
  });
});

describe('formatDecimal of JSON numbers (integer fast path)', () => {
  it('prints what decimal.js prints: shortest digits, or half-up (away from zero) to the scale', () => {
    const values = [
      0, 1, 0.1, 0.3, 1.005, 2.675, -2.675, 1234567.125, 15000.6, 140005.6, 0.000001, 123.456789,
      9007199254.74, -0.5,
    ];
    for (const value of values) {
      for (const decimals of [undefined, 0, 2, 6]) {
        const expected =
          decimals === undefined ? toDecimal(value).toFixed() : toDecimal(value).toFixed(decimals);
        expect(formatDecimal(value, 'en', decimals).replaceAll(',', ''), `${value} @ ${decimals}`).toBe(
          expected,
        );
      }
    }
  });

  it('falls back to decimal.js where a double has no plain text or no safe scaled value', () => {
    expect(formatDecimal(1e-7, 'en')).toBe('0.0000001');
    expect(formatDecimal(1e21, 'en', 2)).toBe('1,000,000,000,000,000,000,000.00');
  });
});
