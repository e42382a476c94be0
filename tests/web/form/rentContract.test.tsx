// The rent block's contract (invoice FacturaRentDoc/RentId, ui:widget rentContract): chosen from the
// rent contracts the tax authority holds between the seller and the buyer (Document/getRentedContracts,
// asked with the buyer's TIN the ui.json points at); the choice writes the id and the rent period.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

function renderInvoice(onChange: (data: unknown) => void) {
  const document = structuredClone(standard);
  document.HasRent = true;
  document.FacturaRentDoc = { RentFrom: '2025-01-01', RentTo: '2025-01-31' };
  const { schema, ui } = getKind('invoice');
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
  return document;
}

describe('rent contract picker', () => {
  it("asks with the buyer's TIN and fills the id and the period from the chosen contract", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/Document/getRentedContracts', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('buyerTin') ?? '');
        return HttpResponse.json({
          success: true,
          data: [
            {
              rentId: 'DEMO-RENT-1',
              lessorTin: '302000001',
              lesseeTin: '302000002',
              contractNo: 'A-17',
              contractDate: '2025-01-10',
              from: '2025-02-01',
              to: '2026-01-31',
              address: 'Toshkent, Amir Temur 100',
              isDemo: true,
            },
          ],
        });
      }),
      http.get('/api/*', () => new HttpResponse(null, { status: 404 })),
    );
    const onChange = vi.fn<(data: unknown) => void>();
    const document = renderInvoice(onChange);
    const button = await screen.findByRole('button', { name: 'Выбрать договор аренды' }, { timeout: 10_000 });
    fireEvent.click(button);
    const row = await screen.findByRole('button', { name: /DEMO-RENT-1: договор № A-17 от 2025-01-10/ });
    expect(asked).toEqual([document.BuyerTin]);
    fireEvent.click(row);
    await waitFor(() => {
      const data = onChange.mock.calls.at(-1)?.[0] as Record<string, any>;
      expect(data.FacturaRentDoc).toEqual({
        RentId: 'DEMO-RENT-1',
        RentFrom: '2025-02-01',
        RentTo: '2026-01-31',
      });
    });
  });

  it('says so when the tax authority does not answer; the block stays typed by hand', async () => {
    server.use(
      http.get('/api/Document/getRentedContracts', () => new HttpResponse(null, { status: 503 })),
      http.get('/api/*', () => new HttpResponse(null, { status: 404 })),
    );
    renderInvoice(vi.fn());
    fireEvent.click(
      await screen.findByRole('button', { name: 'Выбрать договор аренды' }, { timeout: 10_000 }),
    );
    expect(await screen.findByText(/Реестр договоров аренды налоговой недоступен/)).toBeTruthy();
  });
});
