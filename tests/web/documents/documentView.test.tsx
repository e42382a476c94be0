import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getKind, loadKind } from '../../../src/engine';
import { printLayoutOf } from '../../../src/engine/print';
import { schemaAt, segments, uiAt } from '../../../src/engine/print/values';
import { DocumentBody } from '../../../src/web/documents/view/DocumentBody';
import { DocumentSummary } from '../../../src/web/documents/view/DocumentSummary';
import { loadFormKind } from '../../../src/web/form/kinds';
import { view } from './fixtures';

// What the document view shows of every kind's valid fixtures (issue 26, Build 4): the parties in the
// printed form's order (the seller before the buyer), no false flags ("Есть акциз: Нет"), money with
// two decimals and the currency word, reference codes by their names — over every kind's data, so a
// new kind is covered without new test code.

const ROOT = path.resolve(__dirname, '../../..');
const KINDS = path.join(ROOT, 'schemas/documents');
const FIXTURES = fs
  .readdirSync(KINDS)
  .filter((kind) => fs.existsSync(path.join(KINDS, kind, 'print.json')))
  .flatMap((kind) =>
    fs
      .readdirSync(path.join(KINDS, kind, 'fixtures/valid'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [kind, file] as const),
  );

const WAIT = { timeout: 20_000 };
/** Money as the view writes it in Russian: digits grouped by U+202F, a comma and two decimals. */
const MONEY = /^-?\d{1,3}(\u202f\d{3})*,\d{2}$/;
/** Widgets whose fields hold a code of a reference list (the list names them). */
const CODED_WIDGETS = new Set(['region', 'district', 'measure', 'country']);

type Leaf = { parts: string[]; value: unknown; node: any; ui: any };

/** Every scalar of the content outside product tables (those are the goods table's), with its schema and UI nodes. */
function leaves(kind: string, content: unknown): Leaf[] {
  const definition = getKind(kind);
  const root = definition.schema as any;
  const out: Leaf[] = [];
  const walk = (value: unknown, parts: string[]) => {
    const ui = uiAt(definition.ui as any, parts);
    if (ui?.['ui:field'] === 'productTable' || ui?.['ui:widget'] === 'hidden') return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...parts, String(i)]);
    } else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) walk(child, [...parts, key]);
    else out.push({ parts, value, node: schemaAt(root, root, parts).node, ui });
  };
  walk(content, []);
  return out;
}

const idOf = (parts: string[]) => `doc_${parts.join('_')}`;

async function renderBody(kind: string, content: Record<string, unknown>) {
  await loadKind(kind);
  const viewed = view({ kind, content, id: `${kind}-view` });
  // Inside a Suspense boundary, as on the view page: the body waits for the view's chunk (an
  // awaited act lets React retry what suspended).
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <Suspense fallback={null}>
        <DocumentBody document={viewed} />
      </Suspense>,
    );
  });
  await waitFor(() => expect(result.container.querySelector('.hujjat-form')).not.toBeNull(), WAIT);
  // The form mounts its first screen first, the rest and the goods tables' chunk right after.
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), WAIT);
  // The goods tables load their own chunk.
  const tables = printLayoutOf(kind).tables ?? [];
  if (tables.length > 0 && hasLines(content, tables))
    await waitFor(() => expect(result.container.querySelector('.vt-table')).not.toBeNull(), WAIT);
  return result;
}

function hasLines(content: unknown, tables: ReturnType<typeof printLayoutOf>['tables']): boolean {
  const read = (data: unknown, parts: string[]) =>
    parts.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as any)[key] : undefined),
      data,
    );
  return (tables ?? []).some((table) => {
    const groups = table.each ? read(content, segments(table.each)) : [content];
    return Array.isArray(groups)
      ? groups.some((group) => {
          const lines = read(table.each ? group : content, segments(table.rows));
          return Array.isArray(lines) && lines.length > 0;
        })
      : false;
  });
}

const fixture = (kind: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(KINDS, kind, 'fixtures/valid', file), 'utf8')) as Record<
    string,
    unknown
  >;

// The view's goods-table chunk (the print engine), every kind's schema and validator, loaded once
// before the renders (on a loaded machine the first render would otherwise wait for them).
beforeAll(async () => {
  await import('../../../src/web/form/view/ViewProductTable');
  for (const kind of new Set(FIXTURES.map(([k]) => k))) await loadFormKind(kind);
});

describe.each(FIXTURES)('view of %s %s', (kind, file) => {
  // Generous: the first render on a loaded machine also mounts the form's registry and its texts.
  it('parties in the printed order, no false flag, money with two decimals and "сум", dates per locale, names not codes', {
    timeout: 90_000,
  }, async () => {
    const content = fixture(kind, file);
    const { container } = await renderBody(kind, content);
    const all = leaves(kind, content);

    // The parties as the printed form has them: each found party's identity before the next one's.
    const layout = printLayoutOf(kind);
    const placed = layout.parties
      .filter((party) => !party.each && party.identity)
      .map((party) => container.querySelector(`#${CSS.escape(idOf(segments(party.identity as string)))}`))
      .filter((element): element is Element => element !== null && element.textContent !== '—');
    for (let i = 1; i < placed.length; i++)
      expect(
        placed[i - 1].compareDocumentPosition(placed[i]) & Node.DOCUMENT_POSITION_FOLLOWING,
        `${placed[i - 1].id} before ${placed[i].id}`,
      ).toBeTruthy();

    // No flag that is not set: neither its field nor a "…: Нет" line, in the form or the goods table.
    for (const leaf of all.filter((l) => l.value === false))
      expect(container.querySelector(`#${CSS.escape(idOf(leaf.parts))}`), leaf.parts.join('/')).toBeNull();
    expect(container.textContent).not.toMatch(/:\s*Нет\b/);
    for (const cell of container.querySelectorAll('.vt-table td')) expect(cell.textContent).not.toBe('Нет');

    // Money: two decimals and the currency, in the form's fields and the goods tables.
    for (const leaf of all.filter((l) => l.node?.decimalPlaces === 2 && typeof l.value === 'number')) {
      const element = container.querySelector(`#${CSS.escape(idOf(leaf.parts))}`);
      if (!element) continue; // a rare block not opened
      expect(element.textContent, leaf.parts.join('/')).toMatch(/^-?\d{1,3}(\u202f\d{3})*,\d{2} сум$/);
    }
    for (const header of container.querySelectorAll('.vt-table thead th'))
      if (header.querySelector('.vt-unit')) expect(header.textContent).toMatch(/, сум$/);
    for (const cell of container.querySelectorAll('.vt-table td[data-unit]')) {
      expect(cell.getAttribute('data-unit')).toBe('сум');
      for (const line of cell.querySelectorAll('.vt-line')) expect(line.textContent).toMatch(MONEY);
    }

    // Dates as the locale writes them (15.05.2025), never as stored (2025-05-15).
    for (const leaf of all.filter(
      (l) => typeof l.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(l.value),
    )) {
      const element = container.querySelector(`#${CSS.escape(idOf(leaf.parts))}`);
      if (element) expect(element.textContent, leaf.parts.join('/')).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    }
    expect(container.textContent).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);

    // Reference codes by name: a coded field never shows its bare code.
    for (const leaf of all.filter((l) => CODED_WIDGETS.has(l.ui?.['ui:widget']) && l.value !== null)) {
      const element = container.querySelector(`#${CSS.escape(idOf(leaf.parts))}`);
      if (!element) continue;
      expect(element.textContent, leaf.parts.join('/')).not.toBe(String(leaf.value));
      expect(element.textContent, leaf.parts.join('/')).not.toMatch(/^\d+$/);
    }
    // …nor a goods-table column whose print layout names its codes (MeasureId → Штука).
    for (const table of layout.tables ?? [])
      for (const column of table.columns)
        for (const field of Object.keys(column.names ?? {}))
          for (const cell of container.querySelectorAll(
            `.vt-table td[data-column="${column.fields.join('+')}"]`,
          )) {
            const index = column.fields.indexOf(field);
            const text = cell.querySelectorAll('.vt-line')[index]?.textContent ?? '';
            expect(text, `${column.fields.join('+')}`).not.toMatch(/^\d+$/);
          }
  });
});

describe('the view of an invoice', () => {
  it('shows all goods columns: quantity, price, VAT and sums with two decimals, totals and the sum in words', async () => {
    const content = fixture('invoice', '01-standard.json');
    const { container } = await renderBody('invoice', content);
    const headers = [...container.querySelectorAll('.vt-table thead th')].map((th) =>
      th.getAttribute('data-column'),
    );
    for (const column of ['Count', 'Summa', 'DeliverySum', 'VatRate', 'VatSum', 'DeliverySumWithVat'])
      expect(headers).toContain(column);
    // Tiyin are kept: 12 500,50 is not cut to 12 500.
    const prices = [...container.querySelectorAll('.vt-table tbody td[data-column="Summa"]')].map(
      (td) => td.textContent,
    );
    expect(prices).toContain('12\u202f500,50');
    expect(container.querySelector('.vt-totals')?.textContent).toContain('142\u202f805,60');
    expect(screen.getByText(/^Сумма прописью/)).toBeInTheDocument();
  });

  it('the summary names the currency', () => {
    const { container } = render(<DocumentSummary document={view({ total: '142805.6' })} />);
    expect(container.querySelector('.doc-total')?.textContent).toBe('142\u202f805,60 сум');
  });
});
