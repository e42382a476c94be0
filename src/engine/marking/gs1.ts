/**
 * GS1 element strings as a DataMatrix carries them (GS1 General Specifications §3 and §7.8): an
 * application identifier (AI) then its data; a variable-length field ends with the group separator
 * (GS, ASCII 29, the FNC1 a scanner transmits) unless it is the last one. Only the AIs the national
 * marking system (ASL BELGISI) prints on codes are known here; any other AI is refused, so a typo
 * cannot pass as "some other field".
 */

/** ASCII 29, the group separator a scanner sends for FNC1 inside a code. */
export const GS = '\u001d';

/** The AIs known, in slot order; lengths from GS1 General Specifications, AI table (§3.2). */
export const AI_LIST = ['00', '01', '10', '11', '17', '21', '91', '92', '93', '8005'] as const;
export type Ai = (typeof AI_LIST)[number];
// (00) SSCC, transport package; (01) GTIN; (10) batch; (11) production and (17) expiry date; (21)
// serial; (91)/(92)/(93) "company internal" AIs the operator (CRPT Turon) fills with the crypto tail
// (see ./structure.ts for its lengths); (8005) price per unit of measure.
const LENGTH = [18, 14, 20, 6, 6, 20, 90, 90, 90, 6];
const FIXED = [true, true, false, true, true, false, false, false, false, true];
const NUMERIC = [true, true, false, true, true, false, false, false, false, true];
const SLOT: Readonly<Record<Ai, number>> = {
  '00': 0,
  '01': 1,
  '10': 2,
  '11': 3,
  '17': 4,
  '21': 5,
  '91': 6,
  '92': 7,
  '93': 8,
  '8005': 9,
};
/** Two-digit AI value (0–99) → slot, −1 when unknown. */
const TWO_DIGIT_SLOT = new Int8Array(100).fill(-1);
for (let slot = 0; slot < 9; slot++) TWO_DIGIT_SLOT[Number(AI_LIST[slot])] = slot;

/**
 * GS1 AI encodable character set 82 (General Specifications §7.11, figure 7.11-1): what a serial
 * or a crypto tail may contain. Indexed by char code for speed (10,000 codes per document).
 */
const CSET82 = new Uint8Array(128);
for (const ch of '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz')
  CSET82[ch.charCodeAt(0)] = 1;

export function isCset82(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || CSET82[c] === 0) return false;
  }
  return true;
}

export function isDigits(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return from < to;
}

/**
 * GS1 mod-10 check digit (General Specifications §7.9.1): weights 3 and 1 from the right, the last
 * digit checks the others. Used for GTIN-8/12/13/14 and SSCC-18 alike.
 */
export function hasValidCheckDigit(digits: string): boolean {
  const n = digits.length;
  if (n < 2) return false;
  let sum = 0;
  for (let i = n - 2, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3)
    sum += (digits.charCodeAt(i) - 48) * weight;
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(n - 1) - 48;
}

export type ElementError =
  | 'unknownAi'
  | 'shortField'
  | 'notNumeric'
  | 'badCharacter'
  | 'tooLong'
  | 'repeatedAi';

export interface ElementString {
  /** Data by AI slot (`field(parsed, '21')` reads one). */
  slots: Array<string | undefined>;
  error?: ElementError;
  /** The AI the error is about. */
  ai?: string;
}

/** The data of one AI of a parsed string. */
export function field(parsed: ElementString, ai: Ai): string | undefined {
  return parsed.slots[SLOT[ai]];
}

/** The AI slot at a position: '8005' (four digits) or a two-digit one, read by char codes; −1 if unknown. */
function slotAt(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  if (a === 8 && b === 0 && text.charCodeAt(i + 2) === 48 && text.charCodeAt(i + 3) === 53) return 9;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return TWO_DIGIT_SLOT[a * 10 + b];
}

/**
 * Reads a GS1 element string whose variable-length fields end at GS (or at the end). The caller has
 * already removed a symbology identifier and turned scanner substitutes into GS (./normalize).
 */
export function parseElementString(text: string): ElementString {
  const slots: Array<string | undefined> = [
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text.charCodeAt(i) === 29) {
      i++;
      continue;
    }
    const slot = slotAt(text, i);
    if (slot < 0) return { slots, error: 'unknownAi', ai: text.slice(i, i + 2) };
    const ai = AI_LIST[slot];
    if (slots[slot] !== undefined) return { slots, error: 'repeatedAi', ai };
    const start = i + ai.length;
    let end: number;
    if (FIXED[slot]) {
      end = start + LENGTH[slot];
      if (end > n) return { slots, error: 'shortField', ai };
    } else {
      const gs = text.indexOf(GS, start);
      end = gs === -1 ? n : gs;
      if (end - start > LENGTH[slot]) return { slots, error: 'tooLong', ai };
      if (end === start) return { slots, error: 'shortField', ai };
    }
    if (NUMERIC[slot] ? !isDigits(text, start, end) : !isCset82(text, start, end))
      return { slots, error: NUMERIC[slot] ? 'notNumeric' : 'badCharacter', ai };
    slots[slot] = text.slice(start, end);
    i = end;
  }
  return { slots };
}
