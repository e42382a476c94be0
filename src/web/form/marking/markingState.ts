// What the marking-code editor does to a line's marks, as plain functions (tested without a browser).
// Every code goes through the engine's rule (src/engine/marking), the same the validators run.
import {
  countMismatches,
  LEVEL_FIELDS,
  MARKING_LEVELS,
  type MarkingCodeReason,
  type MarkingLevel,
  readMarkingCode,
} from '../../../engine/marking';

/** A line's marks (defs/marks.json). */
export interface Marks {
  ProductType: number;
  KIZ?: string[];
  NomUpak?: string[];
  IdentTransUpak?: string[];
}

export type RefusalReason =
  | { kind: 'structure'; reason: MarkingCodeReason }
  | { kind: 'duplicateHere' }
  | { kind: 'duplicatePaste' }
  | { kind: 'duplicateLine'; line: number };

export interface Refusal {
  raw: string;
  level: MarkingLevel;
  why: RefusalReason;
}

export function codesAt(marks: Marks | null | undefined, level: MarkingLevel): string[] {
  return (marks?.[LEVEL_FIELDS[level]] as string[] | undefined) ?? [];
}

const keyCache = new WeakMap<Marks, Set<string>>();

/** The identities (GTIN+serial, SSCC) of every code of the line, read once per marks object. */
export function keysOf(marks: Marks | null | undefined): Set<string> {
  if (!marks) return new Set();
  let keys = keyCache.get(marks);
  if (!keys) {
    keys = new Set();
    for (const level of MARKING_LEVELS)
      for (const code of codesAt(marks, level)) {
        const reading = readMarkingCode(code, level);
        if (reading.ok) keys.add(reading.key);
      }
    keyCache.set(marks, keys);
  }
  return keys;
}

export interface AddResult {
  marks: Marks;
  added: number;
  refused: Refusal[];
}

/**
 * Adds codes to one level: each is read by the engine's rule and stored in its canonical form; a code
 * that breaks the structure, is already on this line, repeats in the same paste, or is on another line
 * of the document (`elsewhere` answers that line's number) is refused with its reason and not stored.
 */
export function addCodes(
  marks: Marks,
  level: MarkingLevel,
  raws: readonly string[],
  elsewhere?: (key: string) => number | undefined,
): AddResult {
  const existing = keysOf(marks);
  const fresh = new Set<string>();
  const stored: string[] = [];
  const refused: Refusal[] = [];
  for (const raw of raws) {
    const reading = readMarkingCode(raw, level);
    if (!reading.ok) {
      refused.push({ raw, level, why: { kind: 'structure', reason: reading.reason } });
      continue;
    }
    if (existing.has(reading.key)) {
      refused.push({ raw, level, why: { kind: 'duplicateHere' } });
      continue;
    }
    if (fresh.has(reading.key)) {
      refused.push({ raw, level, why: { kind: 'duplicatePaste' } });
      continue;
    }
    const line = elsewhere?.(reading.key);
    if (line !== undefined) {
      refused.push({ raw, level, why: { kind: 'duplicateLine', line } });
      continue;
    }
    fresh.add(reading.key);
    stored.push(reading.code);
  }
  if (stored.length === 0) return { marks, added: 0, refused };
  const next: Marks = { ...marks, [LEVEL_FIELDS[level]]: [...codesAt(marks, level), ...stored] };
  const keys = new Set(existing);
  for (const key of fresh) keys.add(key);
  keyCache.set(next, keys);
  return { marks: next, added: stored.length, refused };
}

/** The marks without the code at `index` of the level (an empty level is left out, as the operators send it). */
export function removeCode(marks: Marks, level: MarkingLevel, index: number): Marks {
  const codes = codesAt(marks, level).filter((_, i) => i !== index);
  return withLevel(marks, level, codes);
}

export function clearLevel(marks: Marks, level: MarkingLevel): Marks {
  return withLevel(marks, level, []);
}

function withLevel(marks: Marks, level: MarkingLevel, codes: string[]): Marks {
  const next: Marks = { ...marks };
  if (codes.length) next[LEVEL_FIELDS[level]] = codes;
  else delete next[LEVEL_FIELDS[level]];
  return next;
}

export type CountStatus =
  | { kind: 'ok' }
  | { kind: 'unchecked' }
  | { kind: 'mismatch'; problem: 'none' | 'consumer' | 'group'; expected: unknown; actual: number };

/** The document rule (markingCount) applied to this one line, for the editor to say it as it goes. */
export function countStatus(marks: Marks, quantity: unknown): CountStatus {
  const [mismatch] = countMismatches(
    { lines: [{ marks, quantity }] },
    { lines: 'lines', marks: 'marks', count: 'quantity' },
  );
  if (mismatch)
    return {
      kind: 'mismatch',
      problem: mismatch.problem,
      expected: mismatch.expected,
      actual: mismatch.actual,
    };
  const transport = codesAt(marks, 'transport').length;
  const mixed = codesAt(marks, 'consumer').length > 0 && codesAt(marks, 'group').length > 0;
  return transport > 0 || mixed ? { kind: 'unchecked' } : { kind: 'ok' };
}
