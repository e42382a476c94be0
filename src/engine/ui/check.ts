import type { UiSchema } from '../kindInfo';
import { partyFillOfField, pointerPart, uiFields } from './derive';
import { isDateSchema, isIdentifierSchema, objectAt, resolveSchema, type Schema, typesOf } from './parties';

/**
 * The build's checks of a kind's ui.json against its schema (scripts/build-schemas.ts): what the
 * form would get wrong at run time, found before anyone opens it. Each problem names the JSON
 * pointer in ui.json.
 *  - a `fills` must name an object of the schema (the look-up fills an object: a string field
 *    would receive "[object Object]"): a sibling of the TIN field or the TIN's own object;
 *  - a party's TIN field renders the look-up (tinLookup, or hidden: a copy the server fills);
 *  - a calendar day renders the date widget (or is hidden), a product table's date column too;
 *  - every UI node names a field the schema has (a typo would silently drop its widget).
 */
export function checkUi(root: Schema, ui: UiSchema, options: { parties: boolean }): string[] {
  const problems: string[] = [];
  const at = (pointer: string, message: string) => problems.push(`${pointer || '/'}: ${message}`);

  // Every UI node on a field of the schema; every fills on an object.
  const walk = (uiNode: UiSchema, path: string[], pointer: string) => {
    const fills = uiNode['ui:options']?.fills;
    if (fills !== undefined) checkFills(fills, path, `${pointer}/ui:options/fills`);
    if (uiNode['ui:field'] === 'productTable') return;
    for (const [key, child] of Object.entries(uiNode)) {
      if (key.startsWith('ui:') || !child || typeof child !== 'object' || Array.isArray(child)) continue;
      const childPointer = `${pointer}/${pointerPart(key)}`;
      if (!objectAt(root, [...path, key])) {
        at(childPointer, `names "${key}", which the schema has no field for here`);
        continue;
      }
      walk(child as UiSchema, [...path, key], childPointer);
    }
  };
  const checkFills = (fills: unknown, path: string[], pointer: string) => {
    const parent = objectAt(root, path.slice(0, -1));
    if (!parent || typeof fills !== 'string') {
      at(pointer, 'must name the party object the look-up fills (a string)');
      return;
    }
    if (fills === parent.name) return;
    const properties = (parent.schema.properties ?? {}) as Record<string, unknown>;
    if (!(fills in properties)) {
      at(pointer, `names "${fills}", which is no field beside ${path.at(-1)}`);
      return;
    }
    const target = resolveSchema(root, properties[fills]);
    if (!typesOf(target).includes('object') || !target.properties)
      at(
        pointer,
        `names "${fills}", a ${typesOf(target).join('/') || 'untyped'} field: the look-up fills an object ` +
          '(the party\'s Name, Address, …). Leave "fills" out: a TIN beside fields named after it ' +
          '(SellerTin, SellerName, SellerBranchCode) fills them by their names',
      );
  };
  walk(ui, [], '');

  for (const field of uiFields(root, ui)) {
    const widget = field.widget;
    if (widget === undefined || widget === 'hidden') continue;
    if (isDateSchema(field.schema) && widget !== 'date')
      at(field.uiPointer, `a date (yyyy-MM-dd) renders the date widget, not "${String(widget)}"`);
    if (
      options.parties &&
      isIdentifierSchema(field.schema) &&
      widget !== 'tinLookup' &&
      partyFillOfField(root, field)
    )
      at(field.uiPointer, `a party's TIN renders the look-up (tinLookup), not "${String(widget)}"`);
  }
  return problems;
}
