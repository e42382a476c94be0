import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { resolveRef } from '../../../engine/bundle';
import { readPath } from '../../../engine/keywords/pointer';

/**
 * What the printed form needs, read from a kind's schema, UI schema and data: the number and date
 * block, the parties, the product tables and the remaining details. Generic over kinds — the
 * national field names follow patterns (FacturaDoc/FacturaNo, SellerTin + Seller, …).
 */
export type Schema = RJSFSchema & { $defs?: Record<string, RJSFSchema> };

/** One labelled value of the printed form; `ui` carries its enum names (ui:enumNames). */
export interface PrintField {
  name: string;
  titleKey?: string;
  value: unknown;
  schema?: Schema;
  ui?: UiSchema;
}

export interface PrintParty {
  key: string;
  titleKey?: string;
  tin?: string;
  fields: PrintField[];
  director?: string;
  accountant?: string;
}

export interface PrintTable {
  path: string;
  titleKey?: string;
  lineSchema: Schema;
  rows: Array<Record<string, unknown>>;
  options: {
    columns?: string[];
    totals?: Record<string, string>;
    wordsOf?: string;
    enumNames?: Record<string, string[]>;
  };
}

export interface PrintModel {
  number?: unknown;
  date?: unknown;
  contract?: { number?: unknown; date?: unknown };
  parties: PrintParty[];
  tables: PrintTable[];
  details: PrintField[];
}

/** A schema node with its $ref resolved against the document's schema. */
export const resolveSchema = (node: unknown, root: Schema): Schema =>
  (resolveRef(node as never, root as never) ?? {}) as Schema;
const resolve = resolveSchema;

const propsOf = (schema: Schema) => (schema.properties ?? {}) as Record<string, Schema>;
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function docBlock(schema: Schema, root: Schema, data: Record<string, unknown>) {
  const blocks = Object.keys(propsOf(schema)).filter(
    (key) => key.endsWith('Doc') && !key.startsWith('Old') && data[key] && typeof data[key] === 'object',
  );
  const main =
    blocks.find((key) => key !== 'ContractDoc' && !/Rent|Empowerment(?!Doc$)/.test(key)) ?? blocks[0];
  const pick = (key: string | undefined) => {
    if (!key) return undefined;
    const block = data[key] as Record<string, unknown>;
    const names = Object.keys(propsOf(resolve(propsOf(schema)[key], root)));
    const number = names.find((n) => /No$/.test(n));
    const date = names.find((n) => /Date(OfIssue)?$/.test(n));
    return { key, number: number ? block[number] : undefined, date: date ? block[date] : undefined };
  };
  return {
    main: pick(main),
    contract: main !== 'ContractDoc' && blocks.includes('ContractDoc') ? pick('ContractDoc') : undefined,
  };
}

/** A signer as text: a name, or a person block ({ Pinfl, FullName }: empowermentV2's Director). */
function personName(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') {
    const name = (value as Record<string, unknown>).FullName;
    return typeof name === 'string' ? name : '';
  }
  return String(value);
}

/** Fields a party's block shows apart: its TIN line and the signers. */
const PARTY_HEAD_FIELDS = new Set(['Director', 'Accountant', 'Tin', 'TinOrPinfl']);

function partiesOf(schema: Schema, root: Schema, ui: UiSchema, data: Record<string, unknown>): PrintParty[] {
  const properties = propsOf(schema);
  const parties: PrintParty[] = [];
  for (const [key, raw] of Object.entries(properties)) {
    const value = data[key];
    const resolved = resolve(raw, root);
    const fields = propsOf(resolved);
    if (!value || typeof value !== 'object' || Array.isArray(value) || !('Name' in fields)) continue;
    if (!('Director' in fields) && !(`${key}Tin` in properties) && !('Tin' in fields)) continue;
    const party = value as Record<string, unknown>;
    const partyUi = (ui[key] ?? {}) as UiSchema;
    parties.push({
      key,
      titleKey: (raw.title as string | undefined) ?? (resolved.title as string | undefined),
      tin: (data[`${key}Tin`] ?? party.Tin ?? party.TinOrPinfl) as string | undefined,
      // The TIN (or TIN/PINFL) heads the party's block; its field is not repeated below it.
      fields: Object.entries(fields)
        .filter(([name]) => !PARTY_HEAD_FIELDS.has(name) && !isEmpty(party[name]))
        .map(([name, s]) => ({
          name,
          titleKey: s.title as string | undefined,
          value: party[name],
          schema: resolve(s, root),
          ui: partyUi[name] as UiSchema | undefined,
        })),
      director: personName(party.Director),
      accountant: personName(party.Accountant),
    });
  }
  // Acts carry flat parties: SellerTin + SellerName.
  for (const key of Object.keys(properties)) {
    const m = /^(\w+)Tin$/.exec(key);
    if (!m || parties.some((p) => p.key === m[1]) || !(`${m[1]}Name` in properties)) continue;
    parties.push({
      key: m[1],
      titleKey: properties[`${m[1]}Name`].title as string | undefined,
      tin: data[key] as string | undefined,
      // The section is titled by the name's own title ("Seller's name"): the line says "Name".
      fields: [{ name: `${m[1]}Name`, titleKey: 'forms:party.Name', value: data[`${m[1]}Name`] }].filter(
        (f) => !isEmpty(f.value),
      ),
    });
  }
  return parties;
}

/** Every product table in the document (waybills have one per product group). */
function tablesOf(
  schema: Schema,
  root: Schema,
  ui: UiSchema | undefined,
  data: unknown,
  path: string[],
  out: PrintTable[],
) {
  if (!ui || typeof ui !== 'object' || data === null || data === undefined) return;
  if (ui['ui:field'] === 'productTable' && Array.isArray(data)) {
    out.push({
      path: path.join('/'),
      titleKey: schema.title as string | undefined,
      lineSchema: resolve(schema.items, root),
      rows: data as Array<Record<string, unknown>>,
      options: (ui['ui:options'] ?? {}) as PrintTable['options'],
    });
    return;
  }
  if (Array.isArray(data)) {
    const itemSchema = resolve(schema.items, root);
    for (const [i, item] of data.entries()) {
      tablesOf(itemSchema, root, ui.items as UiSchema, item, [...path, String(i)], out);
    }
    return;
  }
  if (typeof data !== 'object') return;
  for (const [key, child] of Object.entries(propsOf(schema))) {
    if (key in ui)
      tablesOf(
        resolve(child, root),
        root,
        ui[key] as UiSchema,
        (data as Record<string, unknown>)[key],
        [...path, key],
        out,
      );
  }
}

export function buildPrintModel(rootSchema: Schema, ui: UiSchema, data: Record<string, unknown>): PrintModel {
  const schema = resolve(rootSchema, rootSchema);
  const { main, contract } = docBlock(schema, rootSchema, data);
  const parties = partiesOf(schema, rootSchema, ui, data);
  const tables: PrintTable[] = [];
  tablesOf(schema, rootSchema, ui, data, [], tables);
  const handled = new Set<string>([
    ...(main ? [main.key] : []),
    ...(contract ? [contract.key] : []),
    ...parties.flatMap((p) => [p.key, `${p.key}Tin`, `${p.key}Name`]),
    ...tables.map((t) => t.path.split('/')[0]),
  ]);
  const details = Object.entries(propsOf(schema))
    .filter(([key]) => !handled.has(key) && !isEmpty(data[key]))
    .filter(([key]) => (ui[key] as UiSchema | undefined)?.['ui:widget'] !== 'hidden')
    .map(([key, raw]) => ({
      name: key,
      titleKey: raw.title as string | undefined,
      value: data[key],
      schema: resolve(raw, rootSchema),
      ui: ui[key] as UiSchema | undefined,
    }));
  return { number: main?.number, date: main?.date, contract, parties, tables, details };
}

export { readPath };
