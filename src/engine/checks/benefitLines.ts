import { type JsonSchema, resolveRef } from '../bundle';
import { besidePath, readPath } from '../keywords/pointer';

// Where a kind's lines carry a VAT benefit: the schema says so itself — the field that declares
// `serverCheck: benefitFitsLine` (schemas/defs/productLine.json), with what the check reads beside it
// (`read`: the line's classifier code, the document date, the seller, the buyer). The check fact
// `lines.benefitProblems` (server) judges each such line with the one rule, engine/benefits.ts.

const CHECK = 'benefitFitsLine';

export interface BenefitPlace {
  /** JSON pointer of the benefit field, `*` for each array step (/ProductList/Products/*\/LgotaId). */
  pointer: string;
  /** What the check reads beside the value: name → sibling field or document pointer (first present). */
  read: Record<string, string | string[]>;
}

function checkOf(schema: JsonSchema): { read?: Record<string, string | string[]> } | null {
  const declared = schema.serverCheck as unknown;
  if (declared === CHECK) return {};
  if (declared && typeof declared === 'object' && (declared as { name?: unknown }).name === CHECK)
    return declared as { read?: Record<string, string | string[]> };
  return null;
}

/** Every place of the kind's (bundled) schema where a benefit is checked against its line. */
export function benefitPlaces(root: JsonSchema): BenefitPlace[] {
  const places: BenefitPlace[] = [];
  const walk = (node: JsonSchema | undefined, pointer: string, depth: number) => {
    const schema = resolveRef(node, root);
    if (!schema || depth > 24) return;
    const check = checkOf(schema);
    if (check) places.push({ pointer, read: check.read ?? {} });
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      walk(child, `${pointer}/${name}`, depth + 1);
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items))
      walk(schema.items as JsonSchema, `${pointer}/*`, depth + 1);
  };
  walk(root, '', 0);
  return places;
}

export interface BenefitLine {
  /** The line's position in its table, from 1. */
  line: number;
  /** The value of the benefit field (LgotaId). */
  benefit: unknown;
  /** The values the check reads beside it (code, date, seller, buyer), as strings. */
  values: Record<string, string | undefined>;
}

interface Spot {
  /** The object holding the benefit field (a product line, or its benefit block). */
  holder: Record<string, unknown>;
  /** Its JSON pointer in the document (what "../" in `read` steps up from). */
  at: string;
  /** Its position in the nearest enclosing array. */
  index: number;
}

/** The objects that hold the field at `steps` (the pointer's steps, `*` for each array item). */
function holders(node: unknown, steps: string[], index: number, at: string, out: Spot[]) {
  if (node === null || typeof node !== 'object') return;
  if (steps.length === 1) {
    if (!Array.isArray(node)) out.push({ holder: node as Record<string, unknown>, at, index });
    return;
  }
  const [step, ...rest] = steps;
  if (step === '*') {
    if (Array.isArray(node))
      node.forEach((item, i) => {
        holders(item, rest, i, `${at}/${i}`, out);
      });
    return;
  }
  if (!Array.isArray(node))
    holders((node as Record<string, unknown>)[step], rest, index, `${at}/${step}`, out);
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The lines of a document that take a benefit, with what the rule reads beside each. */
export function benefitLines(places: readonly BenefitPlace[], content: unknown): BenefitLine[] {
  const lines: BenefitLine[] = [];
  for (const place of places) {
    const steps = place.pointer.split('/').slice(1);
    const field = steps[steps.length - 1];
    const found: Spot[] = [];
    holders(content, steps, 0, '', found);
    for (const { holder, at, index } of found) {
      const benefit = holder[field];
      if (benefit === undefined || benefit === null || benefit === '') continue;
      const values: Record<string, string | undefined> = {};
      for (const [name, where] of Object.entries(place.read)) {
        for (const spot of Array.isArray(where) ? where : [where]) {
          const value = text(readPath(content, besidePath(at, spot)));
          if (value !== undefined && value !== '') {
            values[name] = value;
            break;
          }
        }
      }
      lines.push({ line: index + 1, benefit, values });
    }
  }
  return lines;
}
