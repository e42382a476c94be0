import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import acceptance01 from '../../../schemas/documents/acceptanceAct/fixtures/valid/01-individual-seller.json';
import act01 from '../../../schemas/documents/completionAct/fixtures/valid/01-two-services.json';
import { getKind } from '../../../src/engine';
import { detachedLinePaths, LineStore } from '../../../src/web/form/detachedLines';
import { renderActForm, renderKindForm } from './actForm';
import { formMounted } from './fixtures';

/** Opens a table cell's editor, types and leaves it (the commit). */
function commit(id: string, value: string) {
  fireEvent.focus(document.getElementById(id) as HTMLElement);
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

type Doc = { ProductList: { Products: Array<Record<string, unknown>> } };
type AcceptanceDoc = { Products: Array<Record<string, unknown>>; TotalPrice?: number };

describe('detachedLinePaths', () => {
  it('finds a product table reached through objects', () => {
    const invoice = getKind('invoice');
    expect(detachedLinePaths(invoice.schema as RJSFSchema, invoice.ui as UiSchema)).toEqual([
      ['ProductList', 'Products'],
    ]);
  });

  it('leaves a table inside another array to RJSF (its place depends on the item)', () => {
    const waybill = getKind('waybill');
    expect(detachedLinePaths(waybill.schema as RJSFSchema, waybill.ui as UiSchema)).toEqual([]);
  });
});

describe('LineStore', () => {
  const store = () => new LineStore([['ProductList', 'Products']]);

  it('takes the lines out and puts them back where they were', () => {
    const lines = store();
    const data = { A: 1, ProductList: { Tin: '1', Products: [{ Name: 'x' }] } };
    const header = lines.detach(data) as typeof data;
    expect(header).toEqual({ A: 1, ProductList: { Tin: '1', Products: [] } });
    expect(data.ProductList.Products).toHaveLength(1);
    expect(lines.attach(header)).toEqual(data);
  });

  it('adds nothing where the document had no lines and none were entered, or the block is gone', () => {
    const lines = store();
    expect(lines.attach(lines.detach({ A: 1 }))).toEqual({ A: 1 });
    lines.set(['ProductList', 'Products'], [{ Name: 'y' }]);
    expect(lines.attach({ ProductList: null })).toEqual({ ProductList: null });
    expect(lines.attach({ ProductList: {} })).toEqual({ ProductList: { Products: [{ Name: 'y' }] } });
  });
});

describe('a form with lines outside RJSF', () => {
  it('keeps RJSF’s data free of lines and gives the page the whole document, computed amounts followed', async () => {
    const { formRef, onChange, onSubmit, lastChange } = await renderActForm<Doc>();
    await formMounted();
    expect((formRef.current!.state.formData as Doc).ProductList.Products).toEqual([]);
    expect(document.getElementById('root_ProductList_Products_1_Name')?.textContent).toBe('Loading works');

    // A line's own field: the page gets the whole document, and so does submit.
    commit('root_ProductList_Products_1_Name', 'Unloading works');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastChange().ProductList.Products[1].Name).toBe('Unloading works');
    fireEvent.click(screen.getByRole('button', { name: /сохранить/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const submitted = onSubmit.mock.calls[0][0] as Doc;
    expect(submitted.ProductList.Products).toHaveLength(2);
    expect(submitted.ProductList.Products[0]).toEqual(act01.ProductList.Products[0]);

    // 2 × 2 500 000: the line's computed amounts follow the commit.
    commit('root_ProductList_Products_0_Count', '2');
    await waitFor(() =>
      expect(lastChange().ProductList.Products[0]).toMatchObject({
        Count: 2,
        TotalSumWithoutVat: 5_000_000,
        TotalSum: 5_600_000,
      }),
    );
    expect((formRef.current!.state.formData as Doc).ProductList.Products).toEqual([]);
  });

  it('re-sums the document’s totals from the lines (an acceptance act’s TotalPrice)', async () => {
    const { lastChange } = await renderKindForm<AcceptanceDoc>(
      'acceptanceAct',
      structuredClone(acceptance01),
    );
    // 60 × 20 000 = 1 200 000: the line and the act's total follow the commit.
    commit('root_Products_0_Count', '60');
    await waitFor(() =>
      expect(lastChange().Products[0]).toMatchObject({ Count: 60, DeliverySum: 1_200_000 }),
    );
    expect(lastChange().TotalPrice).toBe(1_200_000);
  });

  it('validates the lines with the document: a table left empty fails on submit', async () => {
    const empty = { ...structuredClone(act01), ProductList: { ...act01.ProductList, Products: [] } };
    const { onSubmit } = await renderActForm(empty);
    fireEvent.click(screen.getByRole('button', { name: /сохранить/i }));
    await waitFor(() =>
      expect(
        document.querySelector('.form-error-summary a[href="#root_ProductList_Products"]'),
      ).not.toBeNull(),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
