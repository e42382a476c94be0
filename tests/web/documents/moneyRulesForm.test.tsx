import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import invoiceFixture from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { tashkentDay } from '../../../src/engine/keywords/dates';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFormKind } from '../../../src/web/form/kinds';

// Issue 26 in the form: a document date after today and a price below zero show their rule's message
// (the same keywords and texts as the server's answer).

/** The whole invoice form mounted (it mounts its first screen first); slow on a busy machine. */
const formMounted = () =>
  waitFor(
    () => {
      if (document.querySelector('[aria-busy="true"]')) throw new Error('the form is still mounting');
    },
    { timeout: 15_000 },
  );

const tomorrow = () => tashkentDay(new Date(Date.now() + 2 * 86_400_000));

describe('the form refuses what costs money', () => {
  it('a document dated after today: the rule’s message at the date', { timeout: 60_000 }, async () => {
    const invoice = await loadFormKind('invoice');
    render(
      <DocumentForm
        schema={invoice.schema as never}
        uiSchema={invoice.ui}
        mode="create"
        initialData={{ ...invoiceFixture, FacturaDoc: { FacturaNo: 'F-1', FacturaDate: tomorrow() } }}
      />,
    );
    await formMounted();
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    const summary = await screen.findByText(/Исправьте ошибки/, undefined, { timeout: 10_000 });
    const box = summary.closest('.form-error-summary') as HTMLElement;
    expect(within(box).getByText(/Дата документа не может быть позже сегодняшнего дня/)).toBeInTheDocument();
  });

  it('a negative price: the rule’s message', { timeout: 60_000 }, async () => {
    const invoice = await loadFormKind('invoice');
    const products = invoiceFixture.ProductList.Products.map((p, i) =>
      i === 0 ? { ...p, Summa: -500, DeliverySum: -500 * p.Count } : p,
    );
    const { unmount } = render(
      <DocumentForm
        schema={invoice.schema as never}
        uiSchema={invoice.ui}
        mode="create"
        initialData={{
          ...invoiceFixture,
          ProductList: { ...invoiceFixture.ProductList, Products: products },
        }}
      />,
    );
    await formMounted();
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    await screen.findByText(/Исправьте ошибки/, undefined, { timeout: 10_000 });
    expect(await screen.findAllByText(/должно быть больше нуля/)).not.toHaveLength(0);
    unmount();
  });
});
