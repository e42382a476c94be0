/**
 * Exact fixed-point arithmetic on scaled integers — the hot path of the line checks.
 *
 * decimal.js is exact but allocates several objects per operation; a 1000-line invoice needs ~10 000
 * operations per validation. Sums have 2 decimals and counts 6, and the schemas cap them so that a
 * value in tiyin (×100) or in millionths (×10^6) is a safe integer: integers below 2^53 are exact in
 * a double, so + − × on them are exact while the result stays safe. A product that would not stay
 * safe (large count × large price) is done in BigInt instead. Values are read from the number's
 * shortest round-trip text, like money.ts does, so 0.1 is exactly 10 tiyin.
 */
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12];

/** Text of a finite number without exponent (String(1e-7) is "1e-7"). */
function plainText(value: number): string {
  const text = String(value);
  if (!text.includes('e')) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

function scaledFromText(raw: string, scale: number): number | null {
  let text = raw;
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? '' : text.slice(dot + 1);
  let result: number;
  if (fraction.length <= scale) {
    result = Number(whole + fraction.padEnd(scale, '0'));
  } else {
    const kept = Number(whole + fraction.slice(0, scale));
    // Half-up (away from zero) on the first dropped digit.
    result = fraction.charCodeAt(scale) >= 53 /* '5' */ ? kept + 1 : kept;
  }
  return negative ? -result : result;
}

/**
 * `value` × 10^scale as an integer, rounded half-up (away from zero) when the value has more
 * decimals; null when it is not numeric. Exact while the result is a safe integer.
 */
export function toScaled(value: unknown, scale: number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Fast path: when candidate / 10^scale reproduces the number, the number's shortest text has
    // at most `scale` decimals and candidate is exactly value × 10^scale.
    const candidate = Math.round(value * POW10[scale]);
    if (Number.isSafeInteger(candidate) && candidate / POW10[scale] === value) return candidate;
    return scaledFromText(plainText(value), scale);
  }
  if (typeof value === 'string') {
    const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
    return /^-?\d+(\.\d+)?$/.test(text) ? scaledFromText(text, scale) : null;
  }
  return null;
}

/** a × b ÷ 10^shift, rounded half-up (away from zero), exactly. */
export function mulShift(a: number, b: number, shift: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const divisor = POW10[shift];
    const remainder = product % divisor;
    const quotient = (product - remainder) / divisor;
    if (Math.abs(remainder) * 2 >= divisor) return quotient + Math.sign(product);
    return quotient;
  }
  const big = BigInt(a) * BigInt(b);
  const divisor = 10n ** BigInt(shift);
  const half = divisor / 2n;
  const rounded = big >= 0n ? (big + half) / divisor : -((-big + half) / divisor);
  return Number(rounded);
}

/** Fixed text with exactly `scale` decimals, e.g. 1250050, 2 → "12500.50". */
export function scaledToText(value: number, scale: number): string {
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** JSON number of a scaled value: the double nearest the decimal, as Number("…") would give. */
export function scaledToNumber(value: number, scale: number): number {
  return value / POW10[scale];
}

/** Decimals written in a value's exact text (for the decimalPlaces rule). */
export function decimalCount(value: number): number {
  if (Number.isInteger(value)) return 0;
  for (let places = 1; places <= 6; places++) {
    const candidate = Math.round(value * POW10[places]);
    if (Number.isSafeInteger(candidate) && candidate / POW10[places] === value) return places;
  }
  const text = plainText(value);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
