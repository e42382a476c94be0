// The product table's columns as data (ui.json "opens"): for every kind whose ui schema declares
// flag columns (derived from the schemas, not listed here), a column a flag opens is absent while the
// flag is false and shown once it is ticked in the form, with no code per kind.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getKind, listKinds } from '../../../src/engine';
import { uiTables, valueAt } from '../../../src/engine/ui/tableColumns';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFixtures } from '../../engine/fixtures';

afterEach(cleanup);

const fixtures = loadFixtures().filter((f) => f.valid);
const cases = listKinds('documents').flatMap(({ kind }) =>
  uiTables(getKind(kind).ui).flatMap((table) =>
    Object.entries(table.options.opens ?? {}).flatMap(([flag, opened]) => {
      // A table at a fixed place (no array on the way): its cells are ids of its path.
      if (table.path.includes('items')) return [];
      const fixture = fixtures.find((f) => f.kind === kind);
      return fixture ? [{ kind, path: table.path, flag, opened, document: fixture.document }] : [];
    }),
  ),
);

function withFlag(document: unknown, pointer: string, value: boolean): unknown {
  const copy = structuredClone(document) as Record<string, any>;
  const parts = pointer.split('/').slice(1);
  const last = parts.pop() as string;
  const parent = parts.reduce((node, part) => node[part], copy);
  parent[last] = value;
  return copy;
}

const cellId = (path: string[], field: string) => `root_${path.join('_')}_0_${field}`;

describe('columns a flag opens', () => {
  it('are found in the schemas (invoice and one-sided invoice at least)', () => {
    const kinds = new Set(cases.map((c) => c.kind));
    expect(kinds.has('invoice')).toBe(true);
    expect(kinds.has('oneSidedInvoice')).toBe(true);
  });

  it.each(cases.map((c) => [`${c.kind} ${c.flag}`, c] as const))('%s', async (_name, c) => {
    const { schema, ui } = getKind(c.kind);
    const document = withFlag(c.document, c.flag, false);
    render(
      <DocumentForm
        schema={schema as RJSFSchema}
        uiSchema={ui as UiSchema}
        mode="update"
        initialData={document}
        hideSubmit
      />,
    );
    await waitFor(
      () => expect(document && window.document.getElementById(cellId(c.path, 'Name'))).toBeTruthy(),
      {
        timeout: 10_000,
      },
    );
    for (const field of c.opened) expect(window.document.getElementById(cellId(c.path, field))).toBeNull();
    // A flag below the table (the document's HasMarking) mounts with the rest of the form, after
    // the first frame.
    const checkboxId = `root_${c.flag.slice(1).split('/').join('_')}`;
    await waitFor(() => expect(window.document.getElementById(checkboxId)).toBeTruthy(), { timeout: 10_000 });
    const checkbox = window.document.getElementById(checkboxId);
    expect(valueAt(document, c.flag)).toBe(false);
    fireEvent.click(checkbox as HTMLElement);
    await waitFor(() => {
      for (const field of c.opened)
        expect(window.document.getElementById(cellId(c.path, field))).toBeTruthy();
    });
  });
});
