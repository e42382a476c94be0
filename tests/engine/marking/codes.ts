// Valid marking codes built for tests: a GTIN with its check digit and a serial of our own.
import { GS, hasValidCheckDigit } from '../../../src/engine/marking';

export function withCheckDigit(base: string): string {
  for (let d = 0; d < 10; d++) if (hasValidCheckDigit(`${base}${d}`)) return `${base}${d}`;
  throw new Error('unreachable');
}

export const GTIN = withCheckDigit('0478008355002'); // 04780083550024
export const BLOCK_GTIN = withCheckDigit('0478008355003');

/** A consumer code in the alcohol form: (01) GTIN (21) serial of 7, GS, (93) 4 characters. */
export function consumerCode(n: number, gtin = GTIN): string {
  return `01${gtin}21${serialOf(n)}${GS}93k9Z${String.fromCharCode(65 + (n % 26))}`;
}

/** An SSCC-18 transport code with its AI. */
export function ssccCode(n: number): string {
  return `00${withCheckDigit(`04780083${String(n).padStart(9, '0')}`)}`;
}

/** Seven CSET 82 characters, different for every n. */
export function serialOf(n: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789!%&*+-.';
  let out = '';
  let rest = n;
  for (let i = 0; i < 7; i++) {
    out += alphabet[rest % alphabet.length];
    rest = Math.floor(rest / alphabet.length);
  }
  return out;
}
