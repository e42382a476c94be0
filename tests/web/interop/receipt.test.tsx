import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentView } from '../../../src/web/api/documents';
import type { ReceiptFindings } from '../../../src/web/api/interop';
import { ImportReceivedDialog } from '../../../src/web/interop/ImportReceivedDialog';
import { ReceiptSection } from '../../../src/web/interop/ReceiptSection';

const SIGNED_JSON = '{"facturadoc": {"facturano": "SF-1"}}';
const requests: unknown[] = [];
const server = setupServer(
  http.get('/api/DocumentContent/getJson/:id', () => new HttpResponse(SIGNED_JSON)),
  http.post('/api/Synchronize/importDocuments', async ({ request }) => {
    const body = (await request.json()) as { documents: Array<{ signature: string; kind?: string }> };
    requests.push(body);
    return HttpResponse.json({
      success: true,
      data: {
        results: body.documents.map((_, index) =>
          index === 0
            ? {
                index,
                success: true,
                documentId: '0b8e3d7e-0000-4000-8000-000000000001',
                kind: 'invoice',
                created: true,
                recognized: true,
                warnings: [{ path: '/SellerTin', keyword: 'pinflOrTin', message: 'x' }],
                extensions: [],
                signers: [signer],
              }
            : {
                index,
                success: false,
                code: 'NOT_A_PARTY',
                message: 'Документ не адресован вашей организации',
              },
        ),
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signer = {
  index: 0,
  valid: true,
  code: null,
  name: 'Aliyev Akmal Karimovich',
  organization: 'OOO «Demo Savdo» (demo)',
  tin: '302000001',
  pinfl: '31505850123451',
  serialHex: '7a1b',
  signedAt: '2025-06-10T07:00:00.000Z',
  timestampAt: null,
  verifiedBy: 'local' as const,
  match: 'tin' as const,
  role: 'sender',
  identity: '302000001',
};

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const received = (findings: ReceiptFindings, source: 'created' | 'received' = 'received') =>
  ({
    id: '0b8e3d7e-0000-4000-8000-000000000001',
    kind: 'invoice',
    source,
    warnings: findings,
  }) as DocumentView;

describe('a received document’s view', () => {
  it('shows each signer’s verdict and tie to the parties, the findings in words, and the fields kept', async () => {
    const findings: ReceiptFindings = {
      recognized: true,
      profile: [{ instancePath: '/BuyerTin', keyword: 'minLength', params: { limit: 9 } }],
      extensions: [{ path: '/facturaempowermentdoc/agentfacturaid', value: '68c9340a9523502f92de5a2d' }],
      signers: [
        signer,
        {
          ...signer,
          index: 1,
          valid: false,
          code: 'ALGORITHM_NOT_SUPPORTED',
          match: 'unmatched',
          role: null,
          tin: '604304487',
        },
      ],
      unverified: false,
    };
    render(wrap(<ReceiptSection document={received(findings)} refresh={() => {}} />));
    const section = screen.getByTestId('receipt-section');
    const [first, second] = within(section).getAllByTestId('receipt-signer');
    expect(first).toHaveTextContent('Подпись действительна');
    expect(first).toHaveTextContent('ключ организации-стороны (ИНН) — ');
    expect(second).toHaveTextContent('Подпись не подтверждена');
    expect(second).toHaveTextContent('Национальный алгоритм (ГОСТ)');
    expect(second).toHaveTextContent('подписант не связан ни с одной стороной документа');
    expect(within(section).getByTestId('receipt-warnings')).toHaveTextContent('/BuyerTin');
    expect(section).toHaveTextContent('/facturaempowermentdoc/agentfacturaid');
    // The signed JSON on request, exactly as signed.
    await userEvent.click(within(section).getByRole('button', { name: 'Показать подписанный JSON' }));
    await waitFor(() => expect(screen.getByTestId('receipt-json')).toHaveTextContent(SIGNED_JSON));
  });

  it('shows a document of an unknown shape as its signed JSON, and nothing for a document made here', async () => {
    const findings: ReceiptFindings = {
      recognized: false,
      profile: [],
      extensions: [],
      signers: [signer],
      unverified: false,
    };
    const { unmount } = render(wrap(<ReceiptSection document={received(findings)} refresh={() => {}} />));
    expect(screen.getByTestId('receipt-section')).toHaveTextContent('показывается как подписанный JSON');
    await waitFor(() => expect(screen.getByTestId('receipt-json')).toHaveTextContent(SIGNED_JSON));
    unmount();
    render(wrap(<ReceiptSection document={received(findings, 'created')} refresh={() => {}} />));
    expect(screen.queryByTestId('receipt-section')).toBeNull();
  });
});

describe('importing documents of another operator', () => {
  it('sends each .p7s as Base64 with the kind chosen, and tells each file’s outcome', async () => {
    const onImported = vi.fn();
    render(wrap(<ImportReceivedDialog onClose={() => {}} onImported={onImported} />));
    const der = new Uint8Array([0x30, 0x82, 0x01, 0x00, 0x06, 0x09]);
    // (A person can still pick a file the chooser's filter hides.)
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('import-received-files'), [
      new File([der], 'invoice.p7s'),
      new File(['MIAGCSqGSIb3DQEHAqCAMIACAQEx'], 'other.txt'),
      new File(['{"not": "signed"}'], 'plain.json'),
    ]);
    await user.selectOptions(screen.getByLabelText('Вид документа'), 'invoice');
    await user.click(screen.getByTestId('import-received-start'));
    const results = await screen.findByTestId('import-received-results');
    expect(requests.at(-1)).toEqual({
      documents: [
        { signature: 'MIIBAAYJ', kind: 'invoice' },
        { signature: 'MIAGCSqGSIb3DQEHAqCAMIACAQEx', kind: 'invoice' },
      ],
    });
    const items = [...results.querySelectorAll<HTMLElement>('.import-received-result')];
    expect(items[0]).toHaveTextContent('Получен: Счёт-фактура.');
    expect(within(items[0]).getByRole('link', { name: 'Открыть' })).toHaveAttribute(
      'href',
      '/documents/0b8e3d7e-0000-4000-8000-000000000001',
    );
    expect(items[0]).toHaveTextContent('1 замечание к содержанию');
    expect(items[0]).toHaveTextContent('Подпись действительна');
    expect(items[1]).toHaveTextContent('Документ не адресован вашей организации');
    expect(items[2]).toHaveTextContent('Это не подписанный документ');
    expect(onImported).toHaveBeenCalled();
  });
});
