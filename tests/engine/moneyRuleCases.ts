// Cases of the money-costing rules (issue 26), built from every document kind's own data — the
// document date named in its lifecycle.json, the product-line arrays found by walking its schema
// (keyword lineArithmetic) — so a kind added later is covered without new test code. The engine,
// the API and the import tests all take their cases from here.

import { lineArrays } from '../../scripts/kindRules';
import { computeDocument, getKind, listKinds, resolveRef } from '../../src/engine';
import { tashkentDay } from '../../src/engine/keywords/dates';
import { readPath } from '../../src/engine/keywords/pointer';
import { getLifecycle, hasLifecycle, readOne, writeOne } from '../../src/engine/lifecycle';

/** Document kinds with a life cycle (those the API makes and sends). */
export const documentKinds = (): string[] =>
  listKinds('documents')
    .map((k) => k.kind)
    .filter(hasLifecycle);

/** The day `days` after the day of `now` in Tashkent, yyyy-MM-dd. */
export function tashkentDayAfter(now: Date | string, days: number): string {
  return tashkentDay(new Date(new Date(now).getTime() + days * 86_400_000));
}

export interface DateCase {
  kind: string;
  pointer: string;
}

/** Every kind's document date (lifecycle.json `document.date`). */
export function documentDateCases(): DateCase[] {
  return documentKinds()
    .map((kind) => ({ kind, pointer: getLifecycle(kind).document.date as string }))
    .filter((c) => Boolean(c.pointer));
}

export interface LineField {
  kind: string;
  /** The line array's pointer in the schema (`*` for items of outer arrays). */
  array: string;
  /** The quantity or price field of a line. */
  field: string;
  role: 'quantity' | 'price';
  /** The documents where the field may be negative or zero (`positive.unless`), if any. */
  unless: { field: string; equals: unknown[] } | null;
}

/** Every quantity and price field of every product-line array of every kind. */
export function lineFields(): LineField[] {
  const found: LineField[] = [];
  for (const kind of documentKinds()) {
    const schema = getKind(kind).schema;
    for (const { pointer, array } of lineArrays(schema)) {
      const items = resolveRef(array.items, schema);
      const { count, price } = array.lineArithmetic as { count: string; price: string };
      for (const [role, field] of [
        ['quantity', count],
        ['price', price],
      ] as const) {
        const declared = resolveRef(items?.properties?.[field], schema);
        const positive = declared?.positive;
        found.push({
          kind,
          array: pointer,
          field,
          role,
          unless: positive && typeof positive === 'object' ? positive.unless : null,
        });
      }
    }
  }
  return found;
}

/** The first line array's pointer with every `*` taken as item 0. */
export const concrete = (pointer: string) => pointer.replace(/\/\*/g, '/0');

/** Whether `document` is one where the field's exception lets any sign pass. */
export function excepted(line: LineField, document: unknown): boolean {
  const unless = line.unless;
  return Boolean(unless?.equals.some((value) => value === readPath(document, unless.field)));
}

/**
 * `document` with the first line's field set to `value` and every computed value recomputed, or null
 * when the document has no line at that array.
 */
export function withLineValue(line: LineField, document: unknown, value: number): unknown | null {
  const arrayPointer = concrete(line.array);
  const lines = readOne(document, arrayPointer);
  if (!Array.isArray(lines) || lines.length === 0) return null;
  return computeDocument(line.kind, writeOne(document, `${arrayPointer}/0/${line.field}`, value));
}

export const linePath = (line: LineField) => `${concrete(line.array)}/0/${line.field}`;

/** The keyword that refuses a quantity or price at or below zero: `positive`, or exclusiveMinimum 0. */
export function refusingKeyword(line: LineField): string {
  const schema = getKind(line.kind).schema;
  const items = resolveRef(
    (function arrayNode() {
      for (const { pointer, array } of lineArrays(schema)) if (pointer === line.array) return array.items;
      return undefined;
    })(),
    schema,
  );
  const declared = resolveRef(items?.properties?.[line.field], schema);
  return declared?.positive !== undefined && declared.positive !== false ? 'positive' : 'exclusiveMinimum';
}
