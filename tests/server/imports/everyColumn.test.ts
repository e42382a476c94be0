// The bulk Excel import carries every product-table column (issue 27): for each kind with an import
// template (schemas/imports) whose lines are a product table, every typed column the table declares is
// a template column, and a document with every column filled, written to a workbook under the
// template's headers, reads back into the same lines with the flags that open them ticked — and still
// validates. (The national JSON round trip of the same documents: tests/engine/everyColumn.test.ts.)
import { describe, expect, it } from 'vitest';
import { computeDocument, createValidator } from '../../../src/engine';
import { readPath } from '../../../src/engine/keywords/pointer';
import { getIn, parseRows } from '../../../src/server/services/imports/groups';
import {
  columnTitle,
  importableKinds,
  templateColumns,
  templateOf,
} from '../../../src/server/services/imports/templates';
import { readRows, writeWorkbook } from '../../../src/server/services/imports/workbook';
import { everyColumnCases, fieldOf } from '../../engine/everyColumn';
import { FIXTURE_NOW } from '../../engine/fixtures';

const cases = everyColumnCases().flatMap((c) => {
  if (!importableKinds().includes(c.kind)) return [];
  const template = templateOf(c.kind);
  return template.lines === c.lines ? [[c.name, c, template] as const] : [];
});

describe('every column through the Excel import', () => {
  it('covers the invoice at least', () => {
    expect(cases.map(([name]) => name)).toContain('invoice');
  });

  it.each(cases)('%s: the template has every typed column of the table', (_name, c, template) => {
    const lineColumns = templateColumns(template)
      .filter((column) => column.level === 'line')
      .map((column) => column.segments.join('/'));
    expect(lineColumns).toEqual(expect.arrayContaining(c.typed));
  });

  it.each(cases)('%s: a document with every column reads back the same', (_name, c, template) => {
    const columns = templateColumns(template);
    const line = (readPath(c.document, c.lines) as Array<Record<string, unknown>>)[0];
    const row = columns.map((column) => {
      const value = getIn(column.level === 'line' ? line : c.document, column.segments);
      return column.form ? column.form.write(value) : (value ?? null);
    });
    const file = writeWorkbook(
      'Import',
      columns.map((column) => columnTitle(column, 'ru')),
      [row],
    );
    const parsed = parseRows(template, readRows(file), 'every-column', 'ru');
    expect(parsed.errors).toEqual([]);
    expect(parsed.groups).toHaveLength(1);
    const [group] = parsed.groups;
    expect(group.errors).toEqual([]);
    const imported = (readPath(group.content, c.lines) as Array<Record<string, unknown>>)[0];
    for (const column of columns.filter((col) => col.level === 'line')) {
      const name = column.segments.join('/');
      expect(fieldOf(imported, name), name).toEqual(fieldOf(line, name));
    }
    // The flags that open the filled columns are ticked, as the document had them.
    for (const flag of Object.keys(c.table.options.opens ?? {}))
      expect(readPath(group.content, flag), flag).toBe(true);
    // The imported line in the document validates (requisites and ids come from the server's job).
    const document = structuredClone(c.document);
    (readPath(document, c.lines) as unknown[])[0] = { ...line, ...imported };
    const computed = computeDocument(c.kind, document);
    expect(createValidator(c.kind)(computed, { now: FIXTURE_NOW }).errors).toEqual([]);
    expect((readPath(computed, c.lines) as unknown[])[0]).toEqual(line);
  });
});
