import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { PrintLayout } from '../../../engine/print';
import { hasPrintLayout, printLayoutOf } from '../../../engine/print/layout';

const firstSegment = (pointer: string | undefined): string | undefined =>
  pointer?.split('/').filter(Boolean)[0];

/** The document's top-level fields that hold its parties, in the order the printed form shows them. */
export function partyFieldsInPrintOrder(layout: PrintLayout): string[] {
  const keys: string[] = [];
  for (const party of layout.parties) {
    const pointers = party.each
      ? [party.each]
      : [
          party.identity,
          party.name,
          ...(party.fields ?? []).map((field) => (typeof field === 'string' ? field : field.pointer)),
        ];
    for (const key of pointers.map(firstSegment)) if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * The kind's UI schema for reading: its parties in the printed form's order (the seller before the
 * buyer), placed where the form shows its first party. The form keeps its own order for typing
 * (the buyer first: the seller is the person's own organisation); everything else stays as it is.
 */
export function viewUiSchema(ui: UiSchema, schema: RJSFSchema, layout: PrintLayout): UiSchema {
  const properties = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
  const order = (ui['ui:order'] as string[] | undefined) ?? [...properties];
  const parties = partyFieldsInPrintOrder(layout).filter((key) => properties.includes(key));
  if (parties.length < 2) return ui;
  // No party field comes before the first one, so its index is the same in the order without them.
  const first = order.findIndex((key) => parties.includes(key));
  const rest = order.filter((key) => !parties.includes(key));
  const at = first >= 0 ? first : rest.includes('*') ? rest.indexOf('*') : rest.length;
  const reordered = [...rest.slice(0, at), ...parties, ...rest.slice(at)];
  if (!reordered.includes('*') && reordered.length < properties.length) reordered.push('*');
  return { ...ui, 'ui:order': reordered };
}

/** The view's UI schema of a kind: its parties in its print layout's order (as it is without one). */
export function viewUiSchemaOf(kind: string, ui: UiSchema, schema: RJSFSchema): UiSchema {
  return hasPrintLayout(kind) ? viewUiSchema(ui, schema, printLayoutOf(kind)) : ui;
}
