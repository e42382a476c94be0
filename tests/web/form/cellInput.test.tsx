// A product table's typed cell (EditableCell): money reads as money at rest, with its tiyin; what a
// person types is never dropped — a negative price stays in the cell, flagged by the line's rules.
import type { RJSFSchema } from '@rjsf/utils';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { line, productsOnly } from './fixtures';

type Lines = Array<Record<string, unknown>>;

/** The invoice's product table; `minimum` on the price for the flag (the rule itself is the kind's). */
function setup(rows: Lines) {
  const { schema, uiSchema } = productsOnly();
  const defs = structuredClone((schema as { $defs: Record<string, any> }).$defs);
  defs.productLine.properties.Summa = { ...defs.productLine.properties.Summa, exclusiveMinimum: 0 };
  const onChange = vi.fn<(data: unknown) => void>();
  render(
    <DocumentForm
      schema={{ ...schema, $defs: defs } as RJSFSchema}
      uiSchema={uiSchema}
      mode="create"
      initialData={{ Products: rows }}
      onChange={onChange}
    />,
  );
  const lastLines = () =>
    (onChange.mock.calls.at(-1)?.[0] as { Products: Lines } | undefined)?.Products ?? [];
  return { onChange, lastLines };
}

const cell = (row: number, field: string) =>
  document.getElementById(`root_Products_${row}_${field}`) as HTMLElement;

function type(row: number, field: string, text: string) {
  fireEvent.focus(cell(row, field));
  const input = cell(row, field) as HTMLInputElement;
  expect(input.tagName).toBe('INPUT');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('a typed cell', () => {
  it('shows a price with its tiyin as money at rest, and the plain number to edit', async () => {
    setup([
      line(1, { Summa: 62500.5, DeliverySum: 125001, VatSum: 15000.12, DeliverySumWithVat: 140001.12 }),
    ]);
    await waitFor(() => expect(cell(0, 'Summa')).not.toBeNull());
    expect(cell(0, 'Summa').textContent).toBe('62\u202f500,50');
    fireEvent.focus(cell(0, 'Summa'));
    expect((cell(0, 'Summa') as HTMLInputElement).value).toBe('62500,5');
    fireEvent.blur(cell(0, 'Summa'));
    // A count is shown as typed (up to 6 decimals), not padded to money's two.
    expect(cell(0, 'Count').textContent).toBe('2');
  });

  it('keeps a typed price in tiyin exactly', async () => {
    const { lastLines } = setup([line(1)]);
    await waitFor(() => expect(cell(0, 'Summa')).not.toBeNull());
    type(0, 'Summa', '62 500,5');
    await waitFor(() => expect(lastLines()[0]?.Summa).toBe(62500.5));
    expect(lastLines()[0].DeliverySum).toBe(125001);
    expect(cell(0, 'Summa').textContent).toBe('62\u202f500,50');
  });

  it('keeps a negative price as typed and flags it, never empties the cell', async () => {
    const { lastLines } = setup([line(1)]);
    await waitFor(() => expect(cell(0, 'Summa')).not.toBeNull());
    type(0, 'Summa', '-500');
    await waitFor(() => expect(lastLines()[0]?.Summa).toBe(-500));
    expect(cell(0, 'Summa').textContent).toBe('-500,00');
    expect(cell(0, 'Summa').getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById('root_Products_0_Summa__error');
    expect(error?.textContent).toBeTruthy();
  });

  it('keeps text that is no number as typed, flagged', async () => {
    const { lastLines } = setup([line(1)]);
    await waitFor(() => expect(cell(0, 'Summa')).not.toBeNull());
    type(0, 'Summa', '-5x');
    await waitFor(() => expect(lastLines()[0]?.Summa).toBe('-5x'));
    expect(cell(0, 'Summa').textContent).toBe('-5x');
    expect(cell(0, 'Summa').getAttribute('aria-invalid')).toBe('true');
  });
});
