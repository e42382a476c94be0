import type { JsonSchema } from './bundle';

/**
 * Saving a draft (spec §2 "save draft") checks what a document holds, not whether it is complete:
 * the same schema and keywords with the keywords that only ask for completeness left out. The full
 * check runs when the document is signed and sent. Everything else still applies to what is there
 * (types, formats, patterns, ranges, sizes, the cross-field rules).
 */
export const COMPLETENESS_KEYWORDS: ReadonlySet<string> = new Set([
  'required',
  'requiredUnless',
  'requiredWithout',
  'minItems',
  'minProperties',
  'minLength',
  // a marked line's codes against its quantity: scanning goes on in a draft (keywords/markingCount)
  'markingCount',
]);

/** How much of the schema a check applies: everything, or what a draft must already get right. */
export type ValidationMode = 'complete' | 'draft';

/** Whether an error only says that something is missing (a draft is saved with it). */
export function isCompletenessError(error: { keyword: string }): boolean {
  return COMPLETENESS_KEYWORDS.has(error.keyword);
}

/** The errors a draft is refused for: the full check's errors less the completeness ones. */
export function draftErrors<E extends { keyword: string }>(errors: readonly E[]): E[] {
  return errors.filter((error) => !isCompletenessError(error));
}

/**
 * Keywords under which an error's keyword no longer names what failed (an `anyOf` fails because a
 * `required` inside it did). With them, dropping completeness errors from the full check and checking
 * against the draft schema could disagree, so a document kind may not use them (checked by the build).
 */
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'contains', 'dependentSchemas'];

/** Keys whose value is a map of names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties']);

/**
 * The draft variant of a schema: a copy without the completeness keywords, under its own `$id`
 * (`<id>#draft` would be a fragment; `<id>.draft` is a name of its own). Throws on a combinator.
 */
export function draftSchema(schema: JsonSchema): JsonSchema {
  const strip = (node: unknown, path: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => strip(item, `${path}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (COMBINATORS.includes(key))
        throw new Error(`${path}/${key}: a draft cannot be checked through ${key}; use a keyword`);
      if (COMPLETENESS_KEYWORDS.has(key)) continue;
      if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([name, child]) => [
            name,
            strip(child, `${path}/${key}/${name}`),
          ]),
        );
      } else if (key === 'items' || key === 'additionalProperties' || key === 'propertyNames') {
        out[key] = strip(value, `${path}/${key}`);
      } else out[key] = value; // a keyword's own options (documentTotals' sums, enum values …)
    }
    return out;
  };
  const stripped = strip(schema, '#') as JsonSchema;
  if (typeof schema.$id === 'string') stripped.$id = `${schema.$id}.draft`;
  return stripped;
}
