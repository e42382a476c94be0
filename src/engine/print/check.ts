import type { JsonSchema } from '../bundle';
import { uiTables } from '../ui/tableColumns';
import type { FieldRef, PrintLayout } from './layout';
import { schemaAt, segments } from './values';

/**
 * The layout's references checked against the kind's bundled schema: every pointer names a field
 * the schema has, every column a field of the table's line. The build step fails on any problem,
 * so a typo in print.json never prints an empty column.
 */
export function checkPrintLayout(layout: PrintLayout, schema: JsonSchema): string[] {
  const problems: string[] = [];
  const exists = (base: string[], pointer: string | undefined, where: string) => {
    if (pointer === undefined) return;
    const { node } = schemaAt(schema, schema, [...base, ...segments(pointer)]);
    if (!node) problems.push(`${where}: ${pointer} is not a field of the schema`);
  };
  const field = (at: string[], ref: FieldRef, where: string) => {
    if (typeof ref === 'string') return exists(at, ref, where);
    exists(at, ref.pointer, where);
    for (const name of ref.join) exists([...at, ...segments(ref.pointer)], `/${name}`, where);
  };
  const base = (each: string | undefined, where: string) => {
    if (!each) return [];
    exists([], each, where);
    return [...segments(each), '0'];
  };
  if (typeof layout.title !== 'string') exists([], layout.title.pointer, 'title');
  for (const [name, pointer] of [
    ['number', layout.number],
    ['date', layout.date],
    ['subtitle', layout.subtitle],
    ['nationalId', layout.nationalId],
    ['contract.number', layout.contract?.number],
    ['contract.date', layout.contract?.date],
  ] as const) {
    exists([], pointer, name);
  }
  for (const pointer of layout.labels ?? []) exists([], pointer, 'labels');
  layout.parties.forEach((party, i) => {
    const where = `parties[${i}]`;
    const at = base(party.each, where);
    exists(at, party.identity, where);
    exists(at, party.name, where);
    for (const ref of party.fields ?? []) field(at, ref, where);
    for (const signer of party.signers ?? []) exists(at, signer.name, where);
  });
  (layout.sections ?? []).forEach((section, i) => {
    const where = `sections[${i}]`;
    const at = base(section.each, where);
    exists(at, section.pointer, where);
    exists(at, section.heading, where);
    for (const ref of section.fields ?? []) field(at, ref, where);
  });
  (layout.tables ?? []).forEach((table, i) => {
    const where = `tables[${i}]`;
    const at = base(table.each, where);
    exists(at, table.rows, where);
    for (const ref of table.groupFields ?? []) field(at, ref, where);
    const line = [...at, ...segments(table.rows), '0'];
    const fields = table.columns.flatMap((column) => column.fields);
    for (const field of [...fields, ...(table.totals ?? []), table.words, table.wordsVat]) {
      if (field !== undefined) exists(line, `/${field}`, `${where} column`);
    }
    for (const field of [...(table.totals ?? []), table.words, table.wordsVat]) {
      if (field !== undefined && !fields.includes(field))
        problems.push(`${where}: ${field} is totalled but not a column`);
    }
    for (const column of table.columns) {
      for (const named of Object.keys(column.names ?? {}))
        if (!column.fields.includes(named))
          problems.push(`${where}: ${named} is named but not a field of its column`);
    }
  });
  return problems;
}

/** The UI schema's product tables, as paths ("Roadway/ProductGroups/items/ProductInfo/Products"). */
function productTablePaths(ui: unknown, path: string[] = [], depth = 0): string[] {
  if (!ui || typeof ui !== 'object' || depth > 16) return [];
  const node = ui as Record<string, unknown>;
  if (node['ui:field'] === 'productTable') return [path.join('/')];
  return Object.entries(node)
    .filter(([key]) => !key.startsWith('ui:'))
    .flatMap(([key, child]) => productTablePaths(child, [...path, key], depth + 1));
}

/**
 * The document view shows a product table through the print model (the printed form's columns,
 * names for codes, money, totals): every table of the UI schema needs a table of the print layout
 * with the same lines, or the view would have none to show.
 */
export function viewTableProblems(layout: PrintLayout, ui: unknown): string[] {
  const printed = new Set(
    (layout.tables ?? []).map((table) =>
      [...(table.each ? [...segments(table.each), 'items'] : []), ...segments(table.rows)].join('/'),
    ),
  );
  return productTablePaths(ui)
    .filter((path) => !printed.has(path))
    .map(
      (path) =>
        `tables: the product table ${path} of ui.json has no table here (the view shows it from this layout)`,
    );
}

/**
 * Every column the form's product table may show (ui:options.columns, flag columns included) prints:
 * the print table with the same lines has it among its columns' fields (the line number excepted: the
 * printed form numbers its rows). A column added to the form without the print would be typed,
 * signed and never seen on paper.
 */
export function printColumnProblems(layout: PrintLayout, ui: unknown): string[] {
  const printed = new Map(
    (layout.tables ?? []).map((table) => [
      [...(table.each ? [...segments(table.each), 'items'] : []), ...segments(table.rows)].join('/'),
      new Set(table.columns.flatMap((column) => column.fields)),
    ]),
  );
  const problems: string[] = [];
  for (const table of uiTables(ui)) {
    const path = table.path.join('/');
    const fields = printed.get(path);
    if (!fields) continue;
    for (const name of table.options.columns ?? [])
      if (name !== 'OrdNo' && !fields.has(name))
        problems.push(`tables: the product table ${path} shows "${name}", which no column here prints`);
  }
  return problems;
}
