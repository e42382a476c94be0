import { readCodeOf } from './cache';
import { type MarkingCodeReading, type MarkingLevel, readMarkingCode } from './structure';

/**
 * Where a kind keeps its marked lines (the value of the `markingCodes` / `markingCount` keywords):
 * `lines` — slash paths from the document root to the arrays of lines, `*` for every item of an
 * array on the way (a hybrid invoice's product groups); `marks` — the line's marks object
 * (defs/marks.json); `count` — the line's quantity.
 */
export interface MarkingMapping {
  lines: string | string[];
  marks: string;
  count: string;
}

/** The marks object's array for each package level (Soliq Servis `Marks`, uz-edi.md §b.1). */
export const LEVEL_FIELDS: Readonly<Record<MarkingLevel, 'KIZ' | 'NomUpak' | 'IdentTransUpak'>> = {
  consumer: 'KIZ',
  group: 'NomUpak',
  transport: 'IdentTransUpak',
};

export interface MarkedLine {
  /** JSON pointer of the line from the document root. */
  pointer: string;
  /** 1-based position of the line in its array, as the form and print number it. */
  ordinal: number;
  marks: Record<string, unknown>;
  count: unknown;
}

/** Every line of the mapping whose marks object is present (a line with `Marks: null` is not marked). */
export function markedLines(document: unknown, mapping: MarkingMapping): MarkedLine[] {
  const out: MarkedLine[] = [];
  const paths = Array.isArray(mapping.lines) ? mapping.lines : [mapping.lines];
  for (const path of paths) {
    forEachArray(document, path.split('/').filter(Boolean), '', (array, pointer) => {
      for (let i = 0; i < array.length; i++) {
        const line = array[i];
        if (!line || typeof line !== 'object') continue;
        const marks = (line as Record<string, unknown>)[mapping.marks];
        if (!marks || typeof marks !== 'object' || Array.isArray(marks)) continue;
        out.push({
          pointer: `${pointer}/${i}`,
          ordinal: i + 1,
          marks: marks as Record<string, unknown>,
          count: (line as Record<string, unknown>)[mapping.count],
        });
      }
    });
  }
  return out;
}

function forEachArray(
  node: unknown,
  parts: string[],
  pointer: string,
  fn: (array: unknown[], pointer: string) => void,
) {
  if (parts.length === 0) {
    if (Array.isArray(node)) fn(node, pointer);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const [head, ...rest] = parts;
  if (head === '*') {
    if (!Array.isArray(node)) return;
    for (let i = 0; i < node.length; i++) forEachArray(node[i], rest, `${pointer}/${i}`, fn);
    return;
  }
  forEachArray((node as Record<string, unknown>)[head], rest, `${pointer}/${head}`, fn);
}

/** The codes of one level of a marks object (strings only; a wrong type is `type`'s business). */
export function codesOf(marks: Record<string, unknown>, level: MarkingLevel): string[] {
  const list = marks[LEVEL_FIELDS[level]];
  if (!Array.isArray(list)) return [];
  return list.filter((code): code is string => typeof code === 'string');
}

export interface DuplicateCode {
  /** Pointer of the repeated code (the later one). */
  pointer: string;
  code: string;
  /** Ordinal of the line holding the first one. */
  firstLine: number;
  /** Pointer of the first one. */
  first: string;
}

/**
 * Codes that name a package already named in the document: same GTIN and serial (whatever tail or
 * notation), or same SSCC. Unreadable codes are left to the structure rule.
 */
export function duplicateCodes(document: unknown, mapping: MarkingMapping): DuplicateCode[] {
  const seen = new Map<string, { pointer: string; line: number }>();
  const out: DuplicateCode[] = [];
  for (const line of markedLines(document, mapping)) {
    for (const level of ['consumer', 'group', 'transport'] as const) {
      const codes = codesOf(line.marks, level);
      const base = `${line.pointer}/${mapping.marks}/${LEVEL_FIELDS[level]}/`;
      for (let i = 0; i < codes.length; i++) {
        const reading = readCodeOf(document, codes[i], level);
        if (!reading.ok) continue;
        const pointer = base + i;
        const first = seen.get(reading.key);
        if (first) out.push({ pointer, code: reading.code, firstLine: first.line, first: first.pointer });
        else seen.set(reading.key, { pointer, line: line.ordinal });
      }
    }
  }
  return out;
}

export type CountProblem = 'none' | 'consumer' | 'group';

export interface CountMismatch {
  /** Pointer of the line's marks object. */
  pointer: string;
  problem: CountProblem;
  expected: unknown;
  actual: number;
}

/**
 * The number of codes a marked line lists against its quantity (PKM No. 833, Appendix 1: the
 * invoice lists the code of every unit sold):
 *  - a marked line lists at least one code;
 *  - a line sold in consumer packages only (no group or transport codes): one consumer code per unit;
 *  - a line sold in group packages only (cigarette blocks, cases): one group code per unit;
 *  - a line with transport packages, or with consumer and group codes together, holds units the
 *    codes do not count by themselves: the registry's aggregation tells (services/marking), not this
 *    rule.
 */
export function countMismatches(document: unknown, mapping: MarkingMapping): CountMismatch[] {
  const out: CountMismatch[] = [];
  for (const line of markedLines(document, mapping)) {
    const consumer = codesOf(line.marks, 'consumer').length;
    const group = codesOf(line.marks, 'group').length;
    const transport = codesOf(line.marks, 'transport').length;
    const pointer = `${line.pointer}/${mapping.marks}`;
    if (consumer + group + transport === 0) {
      out.push({ pointer, problem: 'none', expected: line.count, actual: 0 });
      continue;
    }
    if (transport > 0 || (consumer > 0 && group > 0)) continue;
    if (typeof line.count !== 'number') continue; // a missing or mistyped quantity is reported by its own rule
    const level: CountProblem = consumer > 0 ? 'consumer' : 'group';
    const actual = consumer > 0 ? consumer : group;
    if (line.count !== actual) out.push({ pointer, problem: level, expected: line.count, actual });
  }
  return out;
}

/** Each code of a list read at its level, for a screen that shows them one by one. */
export function readCodes(codes: readonly string[], level: MarkingLevel): MarkingCodeReading[] {
  return codes.map((code) => readMarkingCode(code, level));
}
