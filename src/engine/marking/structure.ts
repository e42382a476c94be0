import { field, GS, hasValidCheckDigit, isCset82, isDigits, parseElementString } from './gs1';
import { normalizeMarkingCode } from './normalize';

/**
 * The structure of a marking code of the national marking system ASL BELGISI (operator CRPT Turon),
 * by package level. Sources (public, read 2026-11):
 *  - help.crpt-turon.uz "Tobacco Products: Marking Code, What It Contains and How It Looks"
 *    (art. 9387412037649, Cabinet of Ministers decree No. 833 of 31.12.2020): a pack carries GTIN (14
 *    digits), a serial of 7 characters and a verification code of 8, printed without AIs:
 *    `04780101164394TF&csaNNW1kK0tL`;
 *  - the same help centre, "Alcoholic and Beer Products: Marking Code" (art. 9647988338577): (01) GTIN,
 *    (21) serial of 7, GS, (93) check code of 4: `010487021676000721qKkdi+S<GS>93U3g5`;
 *  - "Household and Other Appliances: Marking Code" (art. 8085743502225, decree No. 148 of
 *    02.04.2022): (01) GTIN, (21) serial of 20, (91) verification key of 4, (92) verification code
 *    of 44 ("crypto tail");
 *  - transport packages (aggregation) are identified by the SSCC, AI (00), 18 digits with a GS1
 *    check digit (GS1 General Specifications §2.2.1), as in the Russian system the operator's
 *    software derives from ("Честный знак", AI table of the dairy marking rules, N2+N18).
 * Serial lengths differ by product group, so the serial is checked against GS1 (1–20 characters of
 * CSET 82), not a group's length; the crypto tail must be one of the forms above.
 */

export type MarkingLevel = 'consumer' | 'group' | 'transport';
export const MARKING_LEVELS: readonly MarkingLevel[] = ['consumer', 'group', 'transport'];

export type MarkingCodeReason =
  | 'empty'
  | 'badCharacter'
  | 'structure'
  | 'gtinCheckDigit'
  | 'noSerial'
  | 'noCryptoTail'
  | 'cryptoTail'
  | 'unknownAi'
  | 'sscc'
  | 'ssccCheckDigit';

export interface MarkingCodeOk {
  ok: true;
  /** The code as it is stored: the element string with GS between fields (or the tobacco pack form). */
  code: string;
  /** What makes it unique: GTIN + serial, or the SSCC. Two codes with one key are one package. */
  key: string;
  gtin?: string;
  serial?: string;
  sscc?: string;
}

export interface MarkingCodeBad {
  ok: false;
  code: string;
  reason: MarkingCodeReason;
}

export type MarkingCodeReading = MarkingCodeOk | MarkingCodeBad;

const bad = (code: string, reason: MarkingCodeReason): MarkingCodeBad => ({ ok: false, code, reason });

/** Reads one code of a package level: normalised, parsed, checked. The one rule browser and server share. */
export function readMarkingCode(raw: string, level: MarkingLevel): MarkingCodeReading {
  const code = normalizeMarkingCode(raw);
  if (code === '') return bad(code, 'empty');
  return level === 'transport' ? readSscc(code) : readItemCode(code);
}

function readSscc(code: string): MarkingCodeReading {
  const digits = code.length === 20 && code.startsWith('00') ? code.slice(2) : code;
  if (digits.length !== 18 || !isDigits(digits)) return bad(code, 'sscc');
  if (!hasValidCheckDigit(digits)) return bad(code, 'ssccCheckDigit');
  return { ok: true, code: `00${digits}`, key: `00${digits}`, sscc: digits };
}

// The tobacco pack form: GTIN 14 digits, serial 7, verification code 8, no AIs (art. 9387412037649).
const PACK_LENGTH = 29;

function readItemCode(code: string): MarkingCodeReading {
  const gs1 = code.startsWith('01') && code.length > 18 && code.slice(16, 18) === '21';
  if (!gs1) {
    if (code.length === PACK_LENGTH && isDigits(code, 0, 14)) {
      if (!isCset82(code, 14)) return bad(code, 'badCharacter');
      const gtin = code.slice(0, 14);
      if (!hasValidCheckDigit(gtin)) return bad(code, 'gtinCheckDigit');
      const serial = code.slice(14, 21);
      return { ok: true, code, key: `${gtin}${GS}${serial}`, gtin, serial };
    }
    if (!isCset82(code.replaceAll(GS, ''))) return bad(code, 'badCharacter');
    return bad(code, 'structure');
  }
  const text = code.includes(GS) ? code : withSeparators(code);
  const parsed = parseElementString(text);
  if (parsed.error) {
    if (parsed.error === 'unknownAi' || parsed.error === 'repeatedAi') return bad(code, 'unknownAi');
    if (parsed.error === 'badCharacter' || parsed.error === 'notNumeric') return bad(code, 'badCharacter');
    if (parsed.ai === '21') return bad(code, 'noSerial');
    if (parsed.ai === '91' || parsed.ai === '92' || parsed.ai === '93') return bad(code, 'cryptoTail');
    return bad(code, 'structure');
  }
  const gtin = field(parsed, '01') as string;
  if (!hasValidCheckDigit(gtin)) return bad(code, 'gtinCheckDigit');
  const serial = field(parsed, '21');
  if (!serial) return bad(code, 'noSerial');
  if (field(parsed, '00') !== undefined) return bad(code, 'structure');
  const key91 = field(parsed, '91');
  const code92 = field(parsed, '92');
  const code93 = field(parsed, '93');
  if (key91 === undefined && code92 === undefined && code93 === undefined) return bad(code, 'noCryptoTail');
  const longTail =
    key91 !== undefined &&
    code92 !== undefined &&
    key91.length === 4 &&
    (code92.length === 44 || code92.length === 88);
  const shortTail =
    code93 !== undefined && code93.length === 4 && key91 === undefined && code92 === undefined;
  if (!longTail && !shortTail) return bad(code, 'cryptoTail');
  return { ok: true, code: text, key: `${gtin}${GS}${serial}`, gtin, serial };
}

/**
 * A code whose GS were lost (typed from the printed text, or a scanner that drops FNC1): the serial
 * runs to where the crypto tail starts, found from the end — (93) and 4 characters, or (91) 4 and
 * (92) 44 — so the separators can be put back. Without a recognisable tail it is left as it is and
 * the serial runs to the end (then refused for having no tail).
 */
function withSeparators(code: string): string {
  const n = code.length;
  for (const tail92 of [44, 88]) {
    const start = n - (2 + 4 + 2 + tail92);
    if (start > 18 && code.startsWith('91', start) && code.startsWith('92', start + 6))
      return `${code.slice(0, start)}${GS}${code.slice(start, start + 6)}${GS}${code.slice(start + 6)}`;
  }
  const start93 = n - 6;
  if (start93 > 18 && code.startsWith('93', start93))
    return `${code.slice(0, start93)}${GS}${code.slice(start93)}`;
  return code;
}

/** A code shortened for a message: GTIN and serial are what a person compares. */
export function shortCode(code: string): string {
  const visible = code.replaceAll(GS, '␝');
  return visible.length > 40 ? `${visible.slice(0, 37)}…` : visible;
}
