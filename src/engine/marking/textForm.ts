import type { Translate } from '../localize';
import { LEVEL_FIELDS } from './document';
import { GS } from './gs1';
import { normalizeMarkingCode } from './normalize';
import { MARKING_LEVELS, type MarkingLevel, readMarkingCode } from './structure';

/**
 * A line's marks (defs/marks.json) as one text, for a spreadsheet cell and for the printed form.
 *
 * The cell (Excel template, bulk import, the table's paste and import) holds every code in full, one
 * per line, under the national name of its level in brackets, as the template's headers are written:
 *
 *     [ProductType] 1
 *     [KIZ]
 *     0104780083550024215kW3x7p␝93AbCd
 *     [NomUpak]
 *     …
 *
 * GS is written as ␝ (U+241D; a control character cannot stand in a worksheet's XML) and read back by
 * the one normaliser. Codes are whitespace-separated (GS1 CSET 82 has no space); codes before any
 * level name are consumer codes. A code the rule refuses is kept as written, so the document's
 * validator names it with its reason.
 */
const LEVEL_OF_NAME = new Map<string, MarkingLevel>(
  MARKING_LEVELS.map((level) => [LEVEL_FIELDS[level].toLowerCase(), level]),
);
const HEADING = /^\[([A-Za-z]+)\](.*)$/;

export function marksToCellText(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const marks = value as Record<string, unknown>;
  const lines: string[] = [];
  if (marks.ProductType !== undefined && marks.ProductType !== null)
    lines.push(`[ProductType] ${String(marks.ProductType)}`);
  for (const level of MARKING_LEVELS) {
    const codes = marks[LEVEL_FIELDS[level]];
    if (!Array.isArray(codes) || codes.length === 0) continue;
    lines.push(`[${LEVEL_FIELDS[level]}]`);
    for (const code of codes) lines.push(String(code).replaceAll(GS, '\u241d'));
  }
  return lines.join('\n');
}

export function marksFromCellText(text: string): Record<string, unknown> | null {
  const marks: Record<string, unknown> = {};
  let level: MarkingLevel | 'type' = 'consumer';
  for (const token of text.split(/\s+/)) {
    if (token === '') continue;
    const heading = HEADING.exec(token);
    const name = heading?.[1].toLowerCase();
    if (heading && (name === 'producttype' || LEVEL_OF_NAME.has(name as string))) {
      level = name === 'producttype' ? 'type' : (LEVEL_OF_NAME.get(name as string) as MarkingLevel);
      if (heading[2] === '') continue;
    }
    const word = heading && level === 'type' ? heading[2] : token;
    if (level === 'type') {
      marks.ProductType = /^\d+$/.test(word) ? Number(word) : word;
      level = 'consumer';
      continue;
    }
    const reading = readMarkingCode(word, level);
    const field = LEVEL_FIELDS[level];
    const list = (marks[field] as string[] | undefined) ?? [];
    list.push(reading.ok ? reading.code : normalizeMarkingCode(word));
    marks[field] = list;
  }
  return Object.keys(marks).length > 0 ? marks : null;
}

/** How many codes of each level the print lists before "… and N more". */
export const PRINTED_CODES = 12;

/**
 * The printed form, kept short: the product type, then per level its count and the codes by GTIN
 * (the GTIN once, then the serials) — the crypto tail, which no reader of paper checks, left out;
 * transport packages by SSCC. A level with more than PRINTED_CODES codes prints the first ones and
 * the number left (the document itself holds them all).
 */
export function marksPrintText(value: unknown, t: Translate): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const marks = value as Record<string, unknown>;
  const parts: string[] = [];
  if (marks.ProductType !== undefined && marks.ProductType !== null)
    parts.push(
      t(`forms:enums.ProductType.${String(marks.ProductType)}`, { defaultValue: String(marks.ProductType) }),
    );
  for (const level of MARKING_LEVELS) {
    const field = LEVEL_FIELDS[level];
    const codes = marks[field];
    if (!Array.isArray(codes) || codes.length === 0) continue;
    const shown = codes.slice(0, PRINTED_CODES).map((code) => readMarkingCode(String(code), level));
    const byGtin = new Map<string, string[]>();
    for (const reading of shown) {
      const gtin = reading.ok ? (reading.gtin ?? '') : '';
      const short = reading.ok ? (reading.serial ?? reading.sscc ?? reading.code) : reading.code;
      byGtin.set(gtin, [...(byGtin.get(gtin) ?? []), short.replaceAll(GS, '␝')]);
    }
    const listed = [...byGtin].map(([gtin, serials]) =>
      gtin ? `${gtin}: ${serials.join(' ')}` : serials.join(' '),
    );
    const more = codes.length - shown.length;
    const tail = more > 0 ? ` ${t('print:marksMore', { n: more, defaultValue: `+${more}` })}` : '';
    parts.push(
      `${t(`forms:marks.${field}`, { defaultValue: field })} — ${codes.length}: ${listed.join('; ')}${tail}`,
    );
  }
  return parts.join('. ');
}
