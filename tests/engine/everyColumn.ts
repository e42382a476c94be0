// A document of a kind with every product-table column filled: the first valid fixture, every flag of
// ui.json "opens" ticked and line 1 given a value for each declared column it lacks, then computed.
// The kinds and columns come from the schemas (engine/ui/tableColumns.ts); the values below are per
// field name — a new column without one fails the tests that use this, by name.
import { computeDocument, getKind, listKinds } from '../../src/engine';
import { readPath } from '../../src/engine/keywords/pointer';
import { type UiTable, uiTables } from '../../src/engine/ui/tableColumns';
import { loadFixtures } from './fixtures';
import { consumerCode, ssccCode } from './marking/codes';

/**
 * Marking codes of a line: a consumer code per unit of a whole quantity (the count rule checks it),
 * else a transport package (whose units the registry counts).
 */
const marksFor = (line: Record<string, unknown>) => {
  const count = line.Count ?? line.Amount;
  return typeof count === 'number' && Number.isInteger(count) && count <= 1000
    ? { ProductType: 1, KIZ: Array.from({ length: count }, (_, i) => consumerCode(i + 1)) }
    : { ProductType: 1, IdentTransUpak: [ssccCode(1)] };
};

/**
 * A valid value per line field, as an accountant would type it (national integers for ids); a
 * function reads the line (marking codes follow its quantity).
 */
export const COLUMN_VALUES: Record<string, unknown> = {
  Marks: marksFor,
  'Excise/Rate': 1500,
  'Excise/Sum': 3000,
  'TaxRelief/Id': 100001,
  'TaxRelief/Name': '(ст.263 НК) пункт 1',
  'TaxRelief/Type': 1,
  'Medical/Serial': 'PCM-2025-06',
  'Medical/BaseSumma': 10000,
  'Medical/ProfitRate': 15,
  'Medical/DispenseType': 2,
  'Committent/TinOrPinfl': '302000003',
  'Committent/Name': 'ООО «Demo Komitent» (demo)',
  ShortName: 'Парацетамол 500',
  Barcode: '4780083550024,4780083550031',
  Serial: 'PCM-2025-06',
  BaseSumma: 10000,
  ProfitRate: 15,
  DispenseType: 2,
  ExciseRate: 1500,
  ExciseSum: 3000,
  LgotaId: 100001,
  LgotaName: '(ст.263 НК) пункт 1',
  LgotaType: 1,
  CommittentTin: '302000003',
  CommittentName: 'ООО «Demo Komitent» (demo)',
  CommittentVatRegCode: '326020000003',
  CommittentTinOrPinfl: '302000003',
  WeightBrutto: 0.012,
  WeightNetto: 0.01,
  MeasureId: '796',
  Origin: 2,
};

export interface EveryColumnCase {
  /** The kind, and the table's path when the kind has several (a waybill's transports). */
  name: string;
  kind: string;
  table: UiTable;
  /** JSON pointer of the lines (the first group's, for a table inside an array). */
  lines: string;
  /** Declared columns other than the ordinal and the computed ones (slash paths for nested fields). */
  typed: string[];
  document: Record<string, any>;
}

function setPointer(target: Record<string, any>, pointer: string, value: unknown) {
  const parts = pointer.split('/').slice(1);
  const last = parts.pop() as string;
  const parent = parts.reduce((node, part) => node[part], target);
  parent[last] = value;
}

/** A line's field by slash path (Excise/Rate). */
export function fieldOf(line: Record<string, unknown>, column: string): unknown {
  return readPath(line, `/${column}`);
}

function setField(line: Record<string, any>, column: string, value: unknown) {
  const parts = column.split('/');
  const last = parts.pop() as string;
  let node = line;
  for (const part of parts) {
    if (node[part] === null || typeof node[part] !== 'object') node[part] = {};
    node = node[part];
  }
  node[last] = value;
}

/**
 * Every product table of every kind (derived from the ui schemas), each with its every-column
 * document: the kind's first valid fixture, every flag of "opens" ticked, the first line (of the first
 * group) given a value for each declared column it lacks, then computed.
 */
export function everyColumnCases(): EveryColumnCase[] {
  const fixtures = loadFixtures().filter((f) => f.valid);
  return listKinds('documents').flatMap(({ kind }) => {
    const tables = uiTables(getKind(kind).ui).filter((table) => table.options.columns);
    return tables.flatMap((table) => {
      const fixture = fixtures.find((f) => f.kind === kind && f.name.startsWith('01'));
      if (!fixture) return [];
      const document = structuredClone(fixture.document) as Record<string, any>;
      const lines = `/${table.path.map((part) => (part === 'items' ? '0' : part)).join('/')}`;
      const found = readPath(document, lines) as Array<Record<string, unknown>> | undefined;
      // A fixture without this table's lines (a waybill by road has no railway groups) is covered
      // by the kind's other tables of the same line schema.
      if (!Array.isArray(found) || found.length === 0) return [];
      for (const flag of Object.keys(table.options.opens ?? {})) setPointer(document, flag, true);
      const line = found[0];
      const computed = new Set((table.options.computed as string[] | undefined) ?? []);
      const typed = (table.options.columns ?? []).filter((c) => c !== 'OrdNo' && !computed.has(c));
      for (const column of typed) {
        const present = fieldOf(line, column);
        if (present !== undefined && present !== null) continue;
        if (!(column in COLUMN_VALUES)) throw new Error(`${kind}: no test value for column ${column}`);
        const value = COLUMN_VALUES[column];
        setField(line, column, typeof value === 'function' ? value(line) : value);
      }
      const name = tables.length > 1 ? `${kind} ${lines}` : kind;
      return [
        {
          name,
          kind,
          table,
          lines,
          typed,
          document: computeDocument(kind, document) as Record<string, any>,
        },
      ];
    });
  });
}
