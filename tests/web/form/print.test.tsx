import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getKind } from '../../../src/engine';
import type { SignatureEvent } from '../../../src/engine/print';
import { PrintDocument } from '../../../src/web/form/print/PrintDocument';
import { loadSample } from '../../../src/web/form/samples';
import { toErrorSchema } from '../../../src/web/form/serverErrors';

// The printed form in the browser: the engine's print model (the kind's print.json) as the same
// markup the server answers for DocumentContent/getHtml (src/engine/print/tree.ts).

const SENT: SignatureEvent = {
  action: 'send',
  role: 'sender',
  signerName: 'Aliyev Akmal Karimovich',
  organization: '"Toshkent Savdo" MChJ',
  tin: '301234567',
  serialHex: '780f2065',
  serialDec: '2014257253',
  signedAt: '2025-05-15T09:55:23Z',
  timestampAt: '2025-05-15T09:55:24Z',
};

async function printKind(kind: string, extra: Partial<Parameters<typeof PrintDocument>[0]> = {}) {
  getKind(kind);
  const data = (await loadSample(kind)) as Record<string, unknown>;
  render(<PrintDocument kind={kind} data={data} {...extra} />);
  await screen.findByRole('article');
  return data;
}

describe('printed form', () => {
  it('invoice: landscape sheet, title, number and date, both parties, lines with two-decimal totals, sum in words, not signed yet', async () => {
    await printKind('invoice');
    const article = screen.getByRole('article');
    expect(article).toHaveClass('pf', 'pf-landscape');
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent('Счёт-фактура');
    expect(article).toHaveTextContent('№ INV-2025-0001 от 15.05.2025');
    expect(article).toHaveTextContent('к договору № 12/2025 от 10.01.2025');
    expect(article).toHaveTextContent('"Toshkent Savdo" MChJ');
    expect(article).toHaveTextContent('"Samarqand Qurilish" AJ');
    expect(article.querySelectorAll('.pf-table tbody tr')).toHaveLength(2);
    // Money prints with two decimals and U+202F between groups (never broken inside a number).
    const cells = [...article.querySelectorAll('.pf-table td.pf-num')].map((td) => td.textContent);
    expect(cells).toContain('12\u202f500,50');
    expect(cells).toContain('125\u202f005,00');
    const totals = [...article.querySelectorAll('.pf-table tfoot td')].map((td) => td.textContent);
    expect(totals).toEqual(expect.arrayContaining(['127\u202f505,00', '15\u202f300,60', '142\u202f805,60']));
    expect(article.querySelector('.pf-words')).toHaveTextContent('Сто сорок две тысячи восемьсот пять');
    expect(article).toHaveTextContent('Документ ещё не подписан.');
    expect(article.querySelector('img')).toBeNull();
    // Each column has its share of the sheet as a presentational hint (no inline styles: CSP).
    const widths = [...article.querySelectorAll('col')].map((col) =>
      Number.parseFloat(col.getAttribute('width')!),
    );
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(article.querySelector('[style]')).toBeNull();
  });

  it('a signed document: its stamps under its party and the QR of its verification link', async () => {
    await printKind('invoice', {
      signatures: [SENT],
      verifyUrl: 'https://hujjat.example/verify/5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d?k=abc',
      document: { id: '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d', statusText: 'Подписан' },
    });
    const stamp = document.querySelector('.pf-signer[data-role="sender"] .pf-stamp') as HTMLElement;
    expect(stamp).toHaveTextContent('ОТПРАВЛЕН');
    expect(stamp).toHaveTextContent('Сертификат № 2014257253 (0x780f2065)');
    // Tashkent time (UTC+5).
    expect(stamp).toHaveTextContent('15.05.2025 14:55:23');
    expect(screen.getByRole('article')).toHaveTextContent(
      'ID документа (Hujjat): 5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d',
    );
    const qr = await screen.findByRole('img', { name: 'Проверка документа и подписей' });
    await waitFor(() => expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
  });

  it('hybrid invoice: the lines’ options by their names', async () => {
    await printKind('hybridInvoice');
    const firstLine = document.querySelector('.pf-table tbody tr') as HTMLElement;
    expect(firstLine).toHaveTextContent('12%');
    expect(firstLine).toHaveTextContent('Купля-продажа');
  });

  it('empowerment and acts: a line\u2019s unit code prints as the unit\u2019s name, numbers stay numbers', async () => {
    const data = await printKind('empowerment');
    const lines = (data.ProductList as { Products: Array<{ MeasureId: string; Count: string }> }).Products;
    expect(lines[0].MeasureId).toBe('796');
    const firstLine = document.querySelector('.pf-table tbody tr') as HTMLElement;
    const cells = [...firstLine.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toContain('Штука');
    expect(cells).not.toContain('796');
    cleanup();
    // The act prints PackageCode, PackageName and MeasureId in one cell: only the MeasureId is named.
    const act = await printKind('completionAct');
    const products = (act.ProductList as { Products: Array<{ MeasureId?: string }> }).Products;
    const index = products.findIndex((line) => line.MeasureId === '796');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(document.querySelectorAll('.pf-table tbody tr')[index]).toHaveTextContent('Штука');
  });

  it('waybill: one product table per product group', async () => {
    const data = await printKind('waybill');
    const groups = ((data.Roadway as any)?.ProductGroups ?? []) as unknown[];
    expect(groups.length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.pf-table')).toHaveLength(groups.length);
  });

  it('the form’s print mode may name the kind by its schema', async () => {
    const definition = getKind('empowerment');
    const data = (await loadSample('empowerment')) as Record<string, unknown>;
    render(
      <PrintDocument
        schema={definition.schema}
        uiSchema={definition.ui}
        titleKey={definition.titleKey}
        data={data}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Доверенность');
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
