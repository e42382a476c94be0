import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getKind } from '../../../src/engine';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFormKind } from '../../../src/web/form/kinds';
import { formMounted, line } from '../form/fixtures';

// What the create page needs of the form engine: a new line starts with the VAT rate in force on
// the document date and shows no errors until typed in; rare blocks wait behind one switch.

function dated(): { schema: RJSFSchema; uiSchema: UiSchema } {
  const invoice = getKind('invoice');
  const schema = invoice.schema as RJSFSchema & { $defs: Record<string, unknown> };
  const props = schema.properties as Record<string, any>;
  return {
    schema: {
      type: 'object',
      $defs: schema.$defs,
      properties: {
        FacturaDoc: props.FacturaDoc,
        OldFacturaDoc: props.OldFacturaDoc,
        FacturaEmpowermentDoc: props.FacturaEmpowermentDoc,
        ProductList: { type: 'object', properties: { Products: props.ProductList.properties.Products } },
      },
    } as RJSFSchema,
    uiSchema: {
      'ui:order': ['FacturaDoc', 'ProductList', 'OldFacturaDoc', 'FacturaEmpowermentDoc'],
      'ui:options': { rare: ['OldFacturaDoc', 'FacturaEmpowermentDoc'] },
      FacturaDoc: invoice.ui.FacturaDoc,
      OldFacturaDoc: invoice.ui.OldFacturaDoc,
      FacturaEmpowermentDoc: invoice.ui.FacturaEmpowermentDoc,
      ProductList: { Products: invoice.ui.ProductList.Products },
    },
  };
}

type Doc = { ProductList: { Products: Array<Record<string, unknown>> } };

function setup(initial: Record<string, unknown>) {
  const { schema, uiSchema } = dated();
  const onChange = vi.fn<(data: unknown) => void>();
  const formRef = createRef<any>();
  render(
    <DocumentForm
      schema={schema}
      uiSchema={uiSchema}
      mode="create"
      initialData={initial}
      onChange={onChange}
      formRef={formRef}
    />,
  );
  const lines = () => (onChange.mock.calls.at(-1)?.[0] as Doc | undefined)?.ProductList.Products ?? [];
  return { onChange, lines, formRef };
}

describe('a new line', () => {
  it.each([
    ['2026-03-01', 12],
    ['2022-06-30', 15],
    ['2019-05-10', 20],
  ])('starts with the VAT rate in force on the document date (%s → %i)', async (date, rate) => {
    const { lines } = setup({
      FacturaDoc: { FacturaNo: '1', FacturaDate: date },
      ProductList: { Products: [line(1)] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить строку' }));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(lines()[1].VatRate).toBe(rate);
  });

  it('shows no errors until the person types in it, even after a failed submit', async () => {
    setup({
      FacturaDoc: { FacturaNo: '1', FacturaDate: '2026-03-01' },
      ProductList: { Products: [line(1)] },
    });
    const add = await screen.findByRole('button', { name: 'Добавить строку' });
    // A submit first (the form now validates on every change), then a new line: still quiet.
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    fireEvent.click(add);
    await waitFor(() => expect(document.getElementById('root_ProductList_Products_1_Name')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('tr[data-index="1"] .pt-cell-error')).toBeNull();
    // Submitting again reports what is missing in it.
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(document.querySelector('tr[data-index="1"] .pt-cell-error')).not.toBeNull());
    // The first line, filled in, stays without errors.
    expect(document.querySelector('tr[data-index="0"] .pt-cell-error')).toBeNull();
  });
});

describe('rare blocks', () => {
  it('wait closed behind one switch that names them, and open on demand', async () => {
    const user = userEvent.setup();
    setup({
      FacturaDoc: { FacturaNo: '1', FacturaDate: '2026-03-01' },
      ProductList: { Products: [line(1)] },
    });
    const toggle = await screen.findByRole('button', { name: /Дополнительные сведения/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent(/исходн/i);
    expect(screen.queryByRole('button', { name: /Заполнить блок/ })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('button', { name: /Заполнить блок/ }).length).toBe(2);
  });

  it('are open when one of them holds data', async () => {
    setup({
      FacturaDoc: { FacturaNo: '1', FacturaDate: '2026-03-01' },
      OldFacturaDoc: {
        OldFacturaId: '65a1b2c3d4e5f60718293a4b',
        OldFacturaNo: '7',
        OldFacturaDate: '2026-02-01',
      },
      ProductList: { Products: [line(1)] },
    });
    const toggle = await screen.findByRole('button', { name: /Дополнительные сведения/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const section = toggle.closest('section') as HTMLElement;
    expect(within(section).getByDisplayValue('7')).toBeVisible();
  });
});

describe('error texts', () => {
  it('name a block required by the document type by its title, never its national name', async () => {
    const invoice = await loadFormKind('invoice');
    render(
      <DocumentForm
        schema={invoice.schema as never}
        uiSchema={invoice.ui}
        mode="create"
        initialData={{ FacturaType: 4 }}
      />,
    );
    await formMounted();
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    const summary = await screen.findByText(/Исправьте ошибки/);
    const links = within(summary.closest('.form-error-summary') as HTMLElement).getAllByRole('link');
    const original = links.find((link) => /Исходный счёт-фактура/.test(link.textContent ?? ''));
    expect(original).toBeDefined();
    expect(original).toHaveAttribute('href', '#root_OldFacturaDoc');
    expect(links.map((link) => link.textContent).join(' ')).not.toMatch(
      /OldFacturaDoc|FacturaId|FacturaProductId/,
    );
  });
});
