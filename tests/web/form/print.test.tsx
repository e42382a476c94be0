import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getKind } from '../../../src/engine';
import { PrintDocument } from '../../../src/web/form/print/PrintDocument';
import { loadSample } from '../../../src/web/form/samples';
import { toErrorSchema } from '../../../src/web/form/serverErrors';

async function printKind(kind: string, documentId?: string) {
  const definition = getKind(kind);
  const data = (await loadSample(kind)) as Record<string, unknown>;
  render(
    <PrintDocument
      schema={definition.schema as never}
      uiSchema={definition.ui}
      titleKey={definition.titleKey}
      data={data}
      documentId={documentId}
    />,
  );
  return data;
}

describe('printed form', () => {
  it('invoice: title, number and date, both parties, lines with totals, sum in words, empty e-signature block', async () => {
    await printKind('invoice');
    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent('Счёт-фактура');
    expect(article).toHaveTextContent('№ INV-2025-0001 от 15.05.2025');
    expect(article).toHaveTextContent('к договору № 12/2025 от 10.01.2025');
    expect(article).toHaveTextContent('"Toshkent Savdo" MChJ');
    expect(article).toHaveTextContent('"Samarqand Qurilish" AJ');
    expect(article.querySelectorAll('.print-table tbody tr')).toHaveLength(2);
    expect(article.querySelector('[data-print-total="VatSum"]')?.textContent).toBe('15\u202f300,60');
    expect(screen.getByTestId('sum-in-words')).toHaveTextContent('Сто сорок две тысячи восемьсот пять');
    expect(screen.getAllByText('Электронная подпись: заполняется при обмене документом.')).toHaveLength(2);
    expect(article.querySelector('img')).toBeNull();
  });

  it('a stored document gets a QR code to its page', async () => {
    await printKind('invoice', '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d');
    const qr = await screen.findByRole('img', { name: /QR-код документа 5b0a3c4e/ });
    await waitFor(() => expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
  });

  it('hybrid invoice: a party’s TIN once, its codes and the lines’ options by name', async () => {
    await printKind('hybridInvoice');
    const seller = document.querySelector('.print-party') as HTMLElement;
    expect(seller.textContent?.match(/301234567/g)).toHaveLength(1);
    expect(seller).toHaveTextContent('Тип налогоплательщика');
    expect(seller).toHaveTextContent('Плательщик НДС+ (сертификат активный)');
    expect(seller).toHaveTextContent('Статус плательщика НДС');
    expect(seller).not.toHaveTextContent(/: ?20\b|\b20$/);
    const firstLine = document.querySelector('.print-table tbody tr') as HTMLElement;
    expect(firstLine).toHaveTextContent('12%');
    expect(firstLine).toHaveTextContent('Купля-продажа');
  });

  it('waybill: one product table per product group', async () => {
    const data = await printKind('waybill');
    const groups = ((data.Roadway as any)?.ProductGroups ?? []) as unknown[];
    expect(groups.length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.print-table')).toHaveLength(groups.length);
  });
});

describe('server errors', () => {
  it('become an RJSF error schema at their JSON pointers', () => {
    expect(
      toErrorSchema([
        { path: '/ProductList/Products/0/Count', message: 'a' },
        { path: '/ProductList/Products/0/Count', message: 'b' },
        { path: '', message: 'root' },
      ]),
    ).toEqual({ __errors: ['root'], ProductList: { Products: { 0: { Count: { __errors: ['a', 'b'] } } } } });
  });
});
