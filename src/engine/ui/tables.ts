import type { UiSchema } from '../kindInfo';
import { resolveSchema, type Schema, typesOf } from './parties';

/**
 * Lines with computed amounts (an array carrying `lineArithmetic`, or the lines a `documentTotals`
 * object sums) are computed as they are typed only by the product table (ui:field productTable):
 * drawn as plain RJSF arrays their amounts and totals stay empty, and the document cannot be sent
 * from the form. The build's check, wherever the schema places them (inside arrays too); a hidden
 * block is not drawn and needs none. Each problem names the JSON pointer in ui.json.
 */
export function computedTableProblems(root: Schema, ui: UiSchema): string[] {
  const problems: string[] = [];
  const walk = (raw: unknown, uiNode: UiSchema | undefined, pointer: string, depth: number) => {
    const schema = resolveSchema(root, raw);
    if (depth > 24 || uiNode?.['ui:widget'] === 'hidden') return;
    const types = typesOf(schema);
    if (types.includes('array')) {
      if (uiNode?.['ui:field'] === 'productTable') return;
      if (schema.lineArithmetic)
        problems.push(
          `${pointer || '/'}: lines with computed amounts (lineArithmetic) need "ui:field": "productTable"`,
        );
      if (schema.items && typeof schema.items === 'object')
        walk(schema.items, uiNode?.items as UiSchema | undefined, `${pointer}/items`, depth + 1);
      return;
    }
    const totals = schema.documentTotals as { items?: string } | undefined;
    if (totals?.items) {
      let node: UiSchema | undefined = uiNode;
      for (const part of totals.items.split('/')) node = node?.[part] as UiSchema | undefined;
      if (node?.['ui:field'] !== 'productTable')
        problems.push(
          `${pointer}/${totals.items}: the lines documentTotals sums need "ui:field": "productTable"`,
        );
    }
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, unknown>))
      walk(child, uiNode?.[name] as UiSchema | undefined, `${pointer}/${name}`, depth + 1);
  };
  walk(root, ui, '', 0);
  return [...new Set(problems)];
}
