// The benefit picker of a product line (editors/benefit.tsx, named by ui.json "editors"): it asks the
// server for the benefits of the line's code, the document date and the parties — read where the
// rule itself reads them (LgotaId's serverCheck) — and a choice writes the id, name and type; the
// benefit's VAT sum is computed with the line (12 % of the delivery sum, exact decimals).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getKind } from '../../../src/engine';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFixtures } from '../../engine/fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
});
afterAll(() => server.close());

const standard = loadFixtures().find((f) => f.kind === 'invoice' && f.name === '01-standard.json')!
  .document as Record<string, any>;
const hybrid = loadFixtures().find((f) => f.kind === 'hybridInvoice' && f.name === '01-standard.json')!
  .document as Record<string, any>;

describe('benefit picker', () => {
  it('offers the benefits for the line and writes the chosen one; the VAT it relieves is computed', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/Lgota/ForLine', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          rows: [
            {
              id: 990000000101,
              catalogueId: 'DEMO-101',
              name: 'Освобождение лекарств (demo)',
              type: 1,
              source: 'withoutVat',
              dateBegin: null,
              dateEnd: null,
            },
            {
              id: 4001,
              catalogueId: '4001',
              name: 'Льгота продавца',
              type: 1,
              source: 'seller',
              dateBegin: '2024-01-01',
              dateEnd: null,
            },
          ],
        });
      }),
      // The party look-ups and reference lists of the rest of the form are not this test's business.
      http.get('/api/*', () => new HttpResponse(null, { status: 404 })),
    );
    const document = structuredClone(standard);
    document.ProductList.HasLgota = true;
    const { schema, ui } = getKind('invoice');
    const onChange = vi.fn<(data: unknown) => void>();
    render(
      <DocumentForm
        schema={schema as RJSFSchema}
        uiSchema={ui as UiSchema}
        mode="update"
        initialData={document}
        onChange={onChange}
        hideSubmit
      />,
    );
    const id = 'root_ProductList_Products_0_LgotaId';
    await waitFor(() => expect(window.document.getElementById(id)).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(window.document.querySelector('[aria-busy="true"]')).toBeNull(), {
      timeout: 10_000,
    });
    const select = () => window.document.getElementById(id) as HTMLSelectElement;
    // The editor's chunk loads with the first line that shows it (a text stands in until then).
    await waitFor(() => expect(select().tagName).toBe('SELECT'));
    // Nothing is asked before the select is opened.
    expect(asked).toHaveLength(0);
    act(() => select().focus());
    await waitFor(() => expect(select().querySelectorAll('optgroup')).toHaveLength(2));
    const line = document.ProductList.Products[0];
    expect(Object.fromEntries(asked[0])).toEqual({
      catalogCode: line.CatalogCode,
      date: document.FacturaDoc.FacturaDate,
      sellerTin: document.SellerTin,
      buyerTin: document.BuyerTin,
    });
    // The seller's own benefit comes first.
    expect([...select().querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Льготы продавца',
      'Освобождение от НДС по коду ИКПУ',
    ]);
    fireEvent.change(select(), { target: { value: '990000000101' } });
    await waitFor(() => {
      const data = onChange.mock.calls.at(-1)?.[0] as Record<string, any>;
      expect(data.ProductList.Products[0]).toMatchObject({
        LgotaId: 990000000101,
        LgotaName: 'Освобождение лекарств (demo)',
        LgotaType: 1,
        WithoutVat: true,
        VatSum: 0,
        LgotaVatSum: Math.round(line.DeliverySum * 12) / 100,
      });
    });
  });

  // The hybrid invoice's TaxRelief (opened by HasTaxRelief) takes the same picker, declared in its
  // ui.json: the rule on TaxRelief/Id reads the line's code one level up, a choice fills the block.
  it('the hybrid invoice: TaxRelief/Id offers the benefits of its line and fills the block', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/Lgota/ForLine', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          rows: [
            {
              id: 990000000101,
              catalogueId: 'DEMO-101',
              name: 'Освобождение лекарств (demo)',
              type: 1,
              source: 'withoutVat',
              dateBegin: null,
              dateEnd: null,
            },
          ],
        });
      }),
      http.get('/api/*', () => new HttpResponse(null, { status: 404 })),
    );
    const document = structuredClone(hybrid);
    document.HasTaxRelief = true;
    // A code of its own: the benefits asked for the invoice's line above stay cached under theirs.
    document.Roadway.ProductGroups[0].ProductInfo.Products[0].CatalogCode = '03004001001000001';
    const { schema, ui } = getKind('hybridInvoice');
    const onChange = vi.fn<(data: unknown) => void>();
    render(
      <DocumentForm
        schema={schema as RJSFSchema}
        uiSchema={ui as UiSchema}
        mode="update"
        initialData={document}
        onChange={onChange}
        hideSubmit
      />,
    );
    const id = 'root_Roadway_ProductGroups_0_ProductInfo_Products_0_TaxRelief/Id';
    await waitFor(() => expect(window.document.getElementById(id)?.tagName).toBe('SELECT'), {
      timeout: 10_000,
    });
    const select = () => window.document.getElementById(id) as HTMLSelectElement;
    act(() => select().focus());
    await waitFor(() => expect(select().querySelectorAll('optgroup')).toHaveLength(1));
    const line = document.Roadway.ProductGroups[0].ProductInfo.Products[0];
    expect(Object.fromEntries(asked[0])).toEqual({
      catalogCode: line.CatalogCode,
      date: document.HybridInvoiceDoc.Date,
      sellerTin: document.Seller.TinOrPinfl,
      buyerTin: document.Buyer.TinOrPinfl,
    });
    fireEvent.change(select(), { target: { value: '990000000101' } });
    await waitFor(() => {
      const data = onChange.mock.calls.at(-1)?.[0] as Record<string, any>;
      expect(data.Roadway.ProductGroups[0].ProductInfo.Products[0].TaxRelief).toEqual({
        Id: 990000000101,
        Name: 'Освобождение лекарств (demo)',
        Type: 1,
        VatSum: Math.round(line.DeliverySum * 12) / 100,
      });
    });
  });
});
