import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import act01 from '../../../schemas/documents/completionAct/fixtures/valid/01-two-services.json';
import { getKind } from '../../../src/engine';
import { vatArithmeticFixes } from '../../../src/engine/vatFixes';
import { renderActForm } from './actForm';

type Act = Record<string, any>;

describe('vatArithmeticFixes', () => {
  const schema = getKind('completionAct').schema;

  it('finds nothing to fix in a consistent act', () => {
    expect(vatArithmeticFixes(schema, act01)).toEqual([]);
  });

  it('names the VAT sum and total a new rate or base implies, rounded half-up', () => {
    expect(vatArithmeticFixes(schema, { ...act01, VatRate: 15 })).toEqual([
      { path: ['VatSum'], value: 440_625 },
      { path: ['TotalSum'], value: 3_378_125 },
    ]);
    // 0.05 × 12 % = 0.006 → 0.01
    expect(
      vatArithmeticFixes(schema, { ...act01, TotalSumWithoutVat: 0.05, VatSum: 0, TotalSum: 0.05 }),
    ).toEqual([
      { path: ['VatSum'], value: 0.01 },
      { path: ['TotalSum'], value: 0.06 },
    ]);
    expect(vatArithmeticFixes(schema, { ...act01, WithoutVat: true })).toEqual([
      { path: ['VatSum'], value: 0 },
      { path: ['TotalSum'], value: 2_937_500 },
    ]);
  });

  it('leaves an act without a base to the base’s own error', () => {
    expect(vatArithmeticFixes(schema, { ...act01, TotalSumWithoutVat: 'x' })).toEqual([]);
  });
});

describe('an act’s VAT in the form', () => {
  it('follows the lines, the rate and the without-VAT flag, and reports only consistent documents', async () => {
    const { formRef, lastChange, onChange } = await renderActForm<Act>();
    expect(document.getElementById('root_VatSum')).toHaveProperty('readOnly', true);

    // A line's count: 2 × 2 500 000 + 437 500 = 5 437 500; 12 % → 652 500.
    fireEvent.focus(document.getElementById('root_ProductList_Products_0_Count') as HTMLElement);
    const count = document.getElementById('root_ProductList_Products_0_Count') as HTMLInputElement;
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.blur(count);
    await waitFor(() => expect(lastChange()).toMatchObject({ VatSum: 652_500, TotalSum: 6_090_000 }));
    expect(formRef.current!.state.formData).toMatchObject({ TotalSumWithoutVat: 5_437_500, VatSum: 652_500 });

    // The rate: 15 % of 5 437 500 = 815 625.
    const rate = document.getElementById('root_VatRate') as HTMLSelectElement;
    const fifteen = [...rate.options].find((o) => /15/.test(o.textContent ?? ''))!;
    fireEvent.change(rate, { target: { value: fifteen.value } });
    await waitFor(() =>
      expect(lastChange()).toMatchObject({ VatRate: 15, VatSum: 815_625, TotalSum: 6_253_125 }),
    );

    // Without VAT: no VAT, the total is the base.
    fireEvent.click(document.getElementById('root_WithoutVat') as HTMLInputElement);
    await waitFor(() =>
      expect(lastChange()).toMatchObject({ WithoutVat: true, VatSum: 0, TotalSum: 5_437_500 }),
    );

    // The page was never told of a document whose VAT disagreed with its base.
    for (const [doc] of onChange.mock.calls)
      expect(vatArithmeticFixes(getKind('completionAct').schema, doc)).toEqual([]);
  });
});
