/**
 * Money-costing rules every document kind must declare (issue 26), checked by the schema build so a
 * new kind cannot ship without them:
 *  - the document date (lifecycle.json `document.date`) declares `notAfterToday` — `true`, or `false`
 *    for a kind whose date may lie ahead;
 *  - in every product-line array (keyword `lineArithmetic`), the quantity and the price are declared
 *    above zero: `exclusiveMinimum: 0` or the keyword `positive` (whose `unless` names the documents
 *    where any sign is legitimate, e.g. an additional invoice's negative difference).
 */
import { type JsonSchema, resolveRef, schemaAtPath } from '../src/engine/bundle';
import type { Lifecycle } from '../src/engine/lifecycle/types';
import { markingRuleProblems } from './markingRules';

/** The line arrays carrying `lineArithmetic`, with their JSON pointer (`*` for array items). */
export function lineArrays(root: JsonSchema): Array<{ pointer: string; array: JsonSchema }> {
  const found: Array<{ pointer: string; array: JsonSchema }> = [];
  const walk = (raw: JsonSchema | undefined, pointer: string, depth: number) => {
    const node = resolveRef(raw, root);
    if (!node || typeof node !== 'object' || depth > 40) return;
    if (node.lineArithmetic) found.push({ pointer, array: node });
    for (const [key, child] of Object.entries<JsonSchema>(node.properties ?? {}))
      walk(child, `${pointer}/${key}`, depth + 1);
    if (node.items && !Array.isArray(node.items)) walk(node.items, `${pointer}/*`, depth + 1);
  };
  walk(root, '', 0);
  return found;
}

const abovezero = (field: JsonSchema | undefined) =>
  Boolean(field) &&
  (field!.exclusiveMinimum === 0 || (field!.positive !== undefined && field!.positive !== false));

/** Problems of one bundled kind schema (empty when it declares every rule). */
export function kindRuleProblems(kind: string, bundled: JsonSchema, lifecycle: Lifecycle | null): string[] {
  const problems: string[] = [];
  if (lifecycle?.document?.date) {
    const date = schemaAtPath(bundled, lifecycle.document.date);
    if (!date) problems.push(`document date ${lifecycle.document.date} is not in the schema`);
    else if (typeof date.notAfterToday !== 'boolean')
      problems.push(
        `the document date ${lifecycle.document.date} must declare "notAfterToday": true (or false where a future date is legitimate)`,
      );
  }
  // A product list's id is filled like the national id: its pointer must name an id field of the schema.
  for (const pointer of lifecycle?.document?.listIds ?? []) {
    const field = schemaAtPath(bundled, pointer);
    if (!field) problems.push(`product list id ${pointer} is not in the schema`);
    else if (field.type !== 'string' && !field.pattern)
      problems.push(`product list id ${pointer} must be a string id`);
  }
  for (const { pointer, array } of lineArrays(bundled)) {
    const items = resolveRef(array.items, bundled);
    const { count, price } = array.lineArithmetic as { count: string; price: string };
    for (const [role, name] of [
      ['quantity', count],
      ['price', price],
    ] as const) {
      const field = resolveRef(items?.properties?.[name], bundled);
      if (!abovezero(field))
        problems.push(
          `${pointer}/*/${name} (the line's ${role}) must be declared above zero: "exclusiveMinimum": 0 or "positive"`,
        );
    }
  }
  problems.push(...markingRuleProblems(bundled));
  return problems.map((problem) => `${kind}: ${problem}`);
}
