import { fireEvent, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getKind, registerKind } from '../../../src/engine';
import { vatArithmeticFixes } from '../../../src/engine/vatFixes';
import { renderActForm, renderKindForm } from './actForm';

type Doc = Record<string, any>;

/** A document whose VAT is on a base amount (vatArithmetic): no national kind has one since acts
 * carry VAT per line, but the keyword and the form's write-back stay for kinds that declare it. */
const VAT_KIND = 'vatOnBaseTest';
const vatDoc = { Base: 2_937_500, Rate: 12, WithoutVat: false, Vat: 352_500, Total: 3_290_000 };

beforeAll(() => {
  registerKind({
    kind: VAT_KIND,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['Base', 'Rate', 'Vat', 'Total'],
      vatArithmetic: { base: 'Base', rate: 'Rate', vatSum: 'Vat', total: 'Total', withoutVat: 'WithoutVat' },
      properties: {
        Base: { title: 'Base', $ref: 'defs/money.json' },
        Rate: { title: 'Rate', $ref: 'defs/vatRate.json' },
        WithoutVat: { title: 'Without VAT', type: 'boolean' },
        Vat: { title: 'VAT', $ref: 'defs/money.json' },
        Total: { title: 'Total', $ref: 'defs/money.json' },
      },
    },
    ui: {
      Rate: { 'ui:widget': 'select', 'ui:enumNames': ['0', '12', '15', '20'] },
      Vat: { 'ui:readonly': true, 'ui:widget': 'money' },
      Total: { 'ui:readonly': true, 'ui:widget': 'money' },
    },
  });
});

describe('vatArithmeticFixes', () => {
  const schema = () => getKind(VAT_KIND).schema;

  it('finds nothing to fix in a consistent document', () => {
    expect(vatArithmeticFixes(schema(), vatDoc)).toEqual([]);
  });

  it('names the VAT sum and total a new rate or base implies, rounded half-up', () => {
    expect(vatArithmeticFixes(schema(), { ...vatDoc, Rate: 15 })).toEqual([
      { path: ['Vat'], value: 440_625 },
      { path: ['Total'], value: 3_378_125 },
    ]);
    // 0.05 × 12 % = 0.006 → 0.01
    expect(vatArithmeticFixes(schema(), { ...vatDoc, Base: 0.05, Vat: 0, Total: 0.05 })).toEqual([
      { path: ['Vat'], value: 0.01 },
      { path: ['Total'], value: 0.06 },
    ]);
    expect(vatArithmeticFixes(schema(), { ...vatDoc, WithoutVat: true })).toEqual([
      { path: ['Vat'], value: 0 },
      { path: ['Total'], value: 2_937_500 },
    ]);
  });

  it('leaves a document without a base to the base’s own error', () => {
    expect(vatArithmeticFixes(schema(), { ...vatDoc, Base: 'x' })).toEqual([]);
  });

  it('has nothing to fix in an act: its VAT is per line', () => {
    expect(getKind('completionAct').schema.vatArithmetic).toBeUndefined();
  });
});

describe('VAT on a base amount in the form', () => {
  it('follows the rate and the without-VAT flag, and reports only consistent documents', async () => {
    const { lastChange, onChange } = await renderKindForm<Doc>(VAT_KIND, structuredClone(vatDoc));
    expect(document.getElementById('root_Vat')).toHaveProperty('readOnly', true);

    const rate = document.getElementById('root_Rate') as HTMLSelectElement;
    const fifteen = [...rate.options].find((o) => /15/.test(o.textContent ?? ''))!;
    fireEvent.change(rate, { target: { value: fifteen.value } });
    await waitFor(() => expect(lastChange()).toMatchObject({ Rate: 15, Vat: 440_625, Total: 3_378_125 }));

    fireEvent.click(document.getElementById('root_WithoutVat') as HTMLInputElement);
    await waitFor(() => expect(lastChange()).toMatchObject({ WithoutVat: true, Vat: 0, Total: 2_937_500 }));

    for (const [doc] of onChange.mock.calls)
      expect(vatArithmeticFixes(getKind(VAT_KIND).schema, doc)).toEqual([]);
  });
});

/** Opens a table cell's editor, types and leaves it (the commit). */
function commit(id: string, value: string) {
  fireEvent.focus(document.getElementById(id) as HTMLElement);
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('an act’s VAT in the form (per line, as operators carry it)', () => {
  it('a line’s sum without VAT, VAT and total follow its count and without-VAT flag', async () => {
    const { lastChange } = await renderActForm<Doc>();
    const line = () => lastChange().ProductList.Products[0];

    // 2 × 2 500 000 = 5 000 000; 12 % → 600 000; with VAT 5 600 000.
    commit('root_ProductList_Products_0_Count', '2');
    await waitFor(() =>
      expect(line()).toMatchObject({
        Count: 2,
        TotalSumWithoutVat: 5_000_000,
        VatSum: 600_000,
        TotalSum: 5_600_000,
      }),
    );
    // Without VAT: no VAT, the total is the sum.
    fireEvent.focus(document.getElementById('root_ProductList_Products_0_WithoutVat') as HTMLElement);
    fireEvent.click(document.getElementById('root_ProductList_Products_0_WithoutVat') as HTMLElement);
    fireEvent.blur(document.getElementById('root_ProductList_Products_0_WithoutVat') as HTMLElement);
    await waitFor(() => expect(line()).toMatchObject({ WithoutVat: true, VatSum: 0, TotalSum: 5_000_000 }));
    // The other line keeps its own VAT.
    expect(lastChange().ProductList.Products[1]).toMatchObject({ VatSum: 52_500, TotalSum: 490_000 });
    // The act carries no VAT of its own: none appears at the top.
    expect(lastChange()).not.toHaveProperty('VatSum');
    expect(lastChange()).not.toHaveProperty('TotalSum');
  });
});
