// For every kind whose product table opens columns by flags (derived from the schemas): a document with
// every column filled validates in the engine (the browser's and the server's validator), goes through
// the national JSON and back with every national field, and prints every column.
import { describe, expect, it } from 'vitest';
import { createValidator, getKind } from '../../src/engine';
import { schemaAtPath } from '../../src/engine/bundle';
import { readPath } from '../../src/engine/keywords/pointer';
import { checkNationalExport, readReceived, toNationalJson } from '../../src/engine/national';
import { buildPrintModel } from '../../src/engine/print';
import { type EveryColumnCase, everyColumnCases, fieldOf } from './everyColumn';
import { FIXTURE_NOW } from './fixtures';

const cases = everyColumnCases();
const named = cases.map((c) => [c.name, c] as [string, EveryColumnCase]);
const lineOf = (c: EveryColumnCase, document: unknown) =>
  (readPath(document, c.lines) as Array<Record<string, unknown>>)[0];
/** Line fields the schema marks local (kept beside the document, never exported). */
const localFields = (c: EveryColumnCase) => {
  const line = schemaAtPath(getKind(c.kind).schema, `${c.lines}/0`);
  const properties = (line?.properties ?? {}) as Record<string, { local?: boolean }>;
  return new Set(Object.keys(properties).filter((name) => properties[name].local === true));
};

describe('every column filled', () => {
  it('covers every kind with a product table (the invoices, the waybill, the hybrid invoice, the contract, the acts)', () => {
    expect(cases.map((c) => c.kind)).toEqual(
      expect.arrayContaining([
        'invoice',
        'oneSidedInvoice',
        'waybill',
        'hybridInvoice',
        'contract',
        'actGoodsAcceptance',
        'completionAct',
        'acceptanceAct',
      ]),
    );
  });

  it.each(named)('%s validates', (_kind, c) => {
    const result = createValidator(c.kind)(c.document, { now: FIXTURE_NOW });
    expect(result.errors).toEqual([]);
    // The benefit's VAT sum came from the line's arithmetic.
    const line = lineOf(c, c.document);
    if ('LgotaVatSum' in line)
      expect(line.LgotaVatSum).toBe(Math.round((line.DeliverySum as number) * 12) / 100);
  });

  it.each(named)('%s goes through the national JSON and back', (_kind, c) => {
    const text = toNationalJson(c.kind, c.document);
    expect(checkNationalExport(c.kind, text)).toEqual([]);
    const back = lineOf(c, readReceived(c.kind, text).content);
    const line = lineOf(c, c.document);
    const local = localFields(c);
    for (const column of c.typed) {
      if (local.has(column.split('/')[0])) expect(fieldOf(back, column), column).toBeUndefined();
      else expect(fieldOf(back, column), column).toEqual(fieldOf(line, column));
    }
  });

  it.each(named)('%s prints every column', (_kind, c) => {
    const model = buildPrintModel({ kind: c.kind, content: c.document, lang: 'ru', t: (key: string) => key });
    const table = model.tables.find((t) => t.pointer === c.lines);
    expect(table).toBeDefined();
    for (const column of c.typed) {
      const index = table!.columns.findIndex((col) => col.key.split('+').includes(column));
      expect(index, `${column} is a printed column`).toBeGreaterThanOrEqual(0);
      const fields = table!.columns[index].key.split('+');
      const text = table!.rows[0][index][fields.indexOf(column)];
      expect(text, `${column} prints a text`).toBeTruthy();
    }
  });
});
