import { describe, expect, it } from 'vitest';
import { formatDecimal, formatIsoDate } from '../../src/engine/format';

describe('formatIsoDate', () => {
  it('uses the format of each locale', () => {
    expect(formatIsoDate('2026-03-07', 'ru')).toBe('07.03.2026');
    expect(formatIsoDate('2026-03-07', 'uz')).toBe('07/03/2026');
    expect(formatIsoDate('2026-03-07', 'en')).toBe('03/07/2026');
  });
  it('leaves what is not a date alone', () => {
    expect(formatIsoDate('', 'ru')).toBe('');
    expect(formatIsoDate(null, 'ru')).toBe('');
    expect(formatIsoDate('soon', 'ru')).toBe('soon');
  });
});

describe('formatDecimal', () => {
  const nb = '\u202f';
  it('uses a comma in ru and uz and a point in en, scale 2', () => {
    expect(formatDecimal('1234567.5', 'ru')).toBe(`1${nb}234${nb}567,50`);
    expect(formatDecimal('1234567.5', 'uz')).toBe(`1${nb}234${nb}567,50`);
    expect(formatDecimal('1234567.5', 'en')).toBe(`1${nb}234${nb}567.50`);
  });
  it('rounds half-up on the string without float error', () => {
    expect(formatDecimal('1.005', 'en')).toBe('1.01');
    expect(formatDecimal('2.675', 'en')).toBe('2.68');
    expect(formatDecimal('999.995', 'en')).toBe(`1${nb}000.00`);
    expect(formatDecimal('0.004', 'en')).toBe('0.00');
    expect(formatDecimal('-0.004', 'en')).toBe('0.00');
    expect(formatDecimal('-12.345', 'ru')).toBe('-12,35');
  });
  it('handles integers, numbers, empty values and other scales', () => {
    expect(formatDecimal(0, 'ru')).toBe('0,00');
    expect(formatDecimal(15, 'en')).toBe('15.00');
    expect(formatDecimal('', 'ru')).toBe('');
    expect(formatDecimal(null, 'ru')).toBe('');
    expect(formatDecimal('1.2345678', 'en', 6)).toBe('1.234568');
    expect(formatDecimal('7', 'en', 0)).toBe('7');
  });
});
