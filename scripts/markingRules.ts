/**
 * Marking codes (issue 27): every kind whose lines carry a marks object (defs/marks.json: KIZ,
 * NomUpak, IdentTransUpak) declares on its root the document-wide rules over them — `markingCodes`
 * (no package twice) and `markingCount` (codes against the quantity) — naming those very lines, so a
 * new kind with marked lines cannot ship without them. Each code's own structure is declared once, in
 * defs/marks.json (`markingCode`).
 */
import { type JsonSchema, resolveRef } from '../src/engine/bundle';
import type { MarkingMapping } from '../src/engine/marking';

export interface MarkedLinePlace {
  /** The line array's slash path from the root, `*` for array items on the way. */
  lines: string;
  marks: string;
  /** The line's properties (to check the quantity field exists). */
  properties: Record<string, JsonSchema>;
}

const isMarks = (node: JsonSchema | undefined) =>
  Boolean(node?.properties?.KIZ && node.properties.NomUpak && node.properties.IdentTransUpak);

/** Every line array whose items hold a marks object. */
export function markedLinePlaces(root: JsonSchema): MarkedLinePlace[] {
  const found: MarkedLinePlace[] = [];
  const walk = (raw: JsonSchema | undefined, path: string[], depth: number) => {
    const node = resolveRef(raw, root);
    if (!node || typeof node !== 'object' || depth > 40) return;
    if (node.items && !Array.isArray(node.items)) {
      const item = resolveRef(node.items, root);
      for (const [name, child] of Object.entries<JsonSchema>(item?.properties ?? {}))
        if (isMarks(resolveRef(child, root)))
          found.push({ lines: path.join('/'), marks: name, properties: item?.properties ?? {} });
      walk(node.items, [...path, '*'], depth + 1);
    }
    for (const [key, child] of Object.entries<JsonSchema>(node.properties ?? {}))
      walk(child, [...path, key], depth + 1);
  };
  walk(root, [], 0);
  return found;
}

export function markingRuleProblems(bundled: JsonSchema): string[] {
  const problems: string[] = [];
  for (const place of markedLinePlaces(bundled)) {
    for (const keyword of ['markingCodes', 'markingCount'] as const) {
      const mapping = bundled[keyword] as MarkingMapping | undefined;
      const lines = mapping ? (Array.isArray(mapping.lines) ? mapping.lines : [mapping.lines]) : [];
      if (!mapping || !lines.includes(place.lines) || mapping.marks !== place.marks) {
        problems.push(
          `${place.lines}/*/${place.marks} holds marking codes: the root must declare "${keyword}": { "lines": "${place.lines}", "marks": "${place.marks}", "count": <the line's quantity> }`,
        );
      } else if (!place.properties[mapping.count]) {
        problems.push(`${keyword}.count "${mapping.count}" is not a field of the lines at ${place.lines}`);
      }
    }
  }
  return problems;
}
