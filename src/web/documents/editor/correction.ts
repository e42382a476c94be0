import { getLifecycle, hasLifecycle } from '../../../engine/lifecycle';
import type { CorrectableDocument } from '../../api/documents';
import { resolve, type Schema } from './schemaAt';

// A corrected or additional document refers to the one it corrects: the block that the kind's schema
// requires for every type but the standard one (requiredUnless on the type field: OldFacturaDoc,
// OldWaybillDoc …). Its fields are filled from the chosen document by their national names' endings
// (…Id, …No, …Date / DateOfIssue).

export interface CorrectionRule {
  /** The type field (FacturaType …) and the types that need no original. */
  typeField: string;
  standardTypes: unknown[];
  /** The original-document block and its fields. */
  block: string;
  fields: string[];
}

interface RequiredUnless {
  field: string;
  equals: unknown[];
  properties: string[];
}

export function correctionRule(kind: string, schema: Schema): CorrectionRule | null {
  if (!hasLifecycle(kind)) return null;
  const root = resolve(schema, schema) ?? schema;
  const rules = ([] as RequiredUnless[]).concat(root.requiredUnless ?? []);
  // The lifecycle's type field first; otherwise whichever top-level field the original-document block
  // depends on (the one-sided invoice lists by SingleSidedType but corrects by FacturaType).
  const typeField = getLifecycle(kind).document.type?.slice(1);
  rules.sort((a, b) => Number(b.field === typeField) - Number(a.field === typeField));
  for (const rule of rules) {
    if (!root.properties?.[rule.field]) continue;
    for (const block of rule.properties) {
      const fields = Object.keys(resolve(schema, root.properties?.[block])?.properties ?? {});
      if (fields.some((f) => /Id$/.test(f)) && fields.some((f) => /Date(OfIssue)?$/.test(f)))
        return { typeField: rule.field, standardTypes: rule.equals, block, fields };
    }
  }
  return null;
}

export const needsOriginal = (rule: CorrectionRule, type: unknown) =>
  type !== undefined && type !== null && !rule.standardTypes.includes(type);

/** The block's content for a chosen original document. */
export function originalBlock(rule: CorrectionRule, original: CorrectableDocument): Record<string, unknown> {
  const block: Record<string, unknown> = {};
  for (const field of rule.fields) {
    if (/Id$/.test(field) && original.nationalId) block[field] = original.nationalId;
    else if (/No$/.test(field) && original.number) block[field] = original.number;
    else if (/Date(OfIssue)?$/.test(field) && original.date) block[field] = original.date.slice(0, 10);
  }
  return block;
}
