import { GS } from './gs1';

/**
 * What people and scanners actually deliver for one marking code, turned into the code itself:
 *  - a scanner's symbology identifier in front (`]d2` GS1 DataMatrix, `]C1` GS1-128, `]Q3` GS1 QR);
 *  - the group separator (FNC1) as ASCII 29, or as the text a scanner or a spreadsheet substitutes for
 *    it when the control character cannot be typed: `<GS>`, `{GS}`, `[GS]`, `^]`, `\x1d`, `\u001d`,
 *    `␝` (U+241D); a leading FNC1 is dropped;
 *  - the human-readable form with AIs in brackets, `(01)04870216760007(21)qKkdi+S(93)U3g5`;
 *  - a keyboard-emulating scanner typing through the Russian layout (ЙЦУКЕН): Cyrillic letters are
 *    read back as the Latin keys that produced them (a code holds only Latin letters, GS1 CSET 82);
 *  - spaces, tabs and line ends around it, and the quotes a spreadsheet puts around a copied cell.
 */

const SUBSTITUTES = /<GS>|\{GS\}|\[GS\]|\^\]|\\x1[dD]|\\u001[dD]|\u241d/g;
const SYMBOLOGY_ID = /^\](d2|C1|Q3|e0|d1)/;
const BRACKETED_AI = /\((00|01|10|11|17|21|91|92|93|8005)\)/g;

// Russian ЙЦУКЕН key → the Latin letter of the same key (QWERTY), lower and upper case.
const RU_LOWER = 'йцукенгшщзфывапролдячсмить';
const EN_LOWER = 'qwertyuiopasdfghjklzxcvbnm';
const LAYOUT = new Map<string, string>();
for (let i = 0; i < RU_LOWER.length; i++) {
  LAYOUT.set(RU_LOWER[i], EN_LOWER[i]);
  LAYOUT.set(RU_LOWER[i].toUpperCase(), EN_LOWER[i].toUpperCase());
}
const CYRILLIC = /[\u0400-\u04ff]/;

export function normalizeMarkingCode(raw: string): string {
  let text = raw.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"'))
    text = text.slice(1, -1).replace(/""/g, '"');
  if (
    text.includes('\\') ||
    text.includes('<') ||
    text.includes('{') ||
    text.includes('[') ||
    text.includes('^') ||
    text.includes('\u241d')
  )
    text = text.replace(SUBSTITUTES, GS);
  text = text.replace(SYMBOLOGY_ID, '');
  if (text.startsWith('(')) text = fromBrackets(text);
  if (CYRILLIC.test(text)) text = Array.from(text, (ch) => LAYOUT.get(ch) ?? ch).join('');
  while (text.charCodeAt(0) === 29) text = text.slice(1);
  while (text.length && text.charCodeAt(text.length - 1) === 29) text = text.slice(0, -1);
  return text;
}

const FIXED_LENGTH = new Set(['00', '01', '11', '17', '8005']);

/**
 * `(01)…(21)…(93)…` → the element string: a GS ends every variable-length field but the last (GS1
 * General Specifications §7.8.5); fixed-length fields need none.
 */
function fromBrackets(text: string): string {
  const parts = text.split(BRACKETED_AI);
  // split with one capture group: ['', ai, data, ai, data, …]
  if (parts[0] !== '') return text;
  let out = '';
  for (let i = 1; i < parts.length; i += 2) {
    out += parts[i] + parts[i + 1];
    if (i + 2 < parts.length && !FIXED_LENGTH.has(parts[i])) out += GS;
  }
  return out;
}

/**
 * Codes pasted at once: one per line, or a column (or a block) copied from a spreadsheet — CRLF, LF
 * or CR between rows, tabs between cells; blank cells are skipped. A GS inside a code is kept.
 */
export function splitPastedCodes(text: string): string[] {
  const out: string[] = [];
  for (const row of text.split(/\r\n|\n|\r/)) {
    for (const cell of row.split('\t')) {
      const code = cell.trim();
      if (code) out.push(code);
    }
  }
  return out;
}
