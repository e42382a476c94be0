// "Via <operator>" before sending (issue 28 item 5): when the document's action goes to a counterparty
// through the company's exchange operator (Synchronize/getSendRoute answers the operator), the key
// dialog says so, in ru, uz and en; when the document stays on this server, it says nothing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { DocumentAction } from '../../../src/web/api/documents';
import { useDocumentSigning } from '../../../src/web/documents/signing/useDocumentSigning';

vi.mock('../../../src/web/signing/instance', () => ({
  getEimzoClient: async () => ({ listCertificates: async () => [], signDocument: vi.fn() }),
}));

const DOC = '0b7d4f3e-7c2a-4e34-9a51-3f6f1c2d9e10';
const SEND: DocumentAction = { name: 'send', kind: 'sign', shape: 'document', reason: 'none', result: 1 };
let route: { provider: string; providerName: string; carried?: boolean } | null = null;
const asked: string[] = [];
const server = setupServer(
  http.get('/api/Synchronize/getSendRoute', ({ request }) => {
    asked.push(new URL(request.url).searchParams.get('documentId') ?? '');
    return HttpResponse.json({ success: true, data: route });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  route = null;
  asked.length = 0;
});
afterEach(async () => {
  server.resetHandlers();
  await act(() => i18next.changeLanguage('ru'));
});
afterAll(() => server.close());

function Harness() {
  const signing = useDocumentSigning();
  return (
    <>
      <button type="button" onClick={() => signing.start({ id: DOC, partyIds: [] }, SEND)}>
        start
      </button>
      {signing.element}
    </>
  );
}

async function openKeyDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'start' }));
  return screen.findByRole('dialog');
}

const expected = {
  ru: 'Через Didox. Контрагента нет на этом сервере: документ уйдёт к нему через оператора обмена Didox.',
  uz: 'Didox orqali. Kontragent ushbu serverda yoʻq: hujjat unga Didox almashinuv operatori orqali yuboriladi.',
  en: 'Via Didox. The counterparty is not on this server: the document goes to it via the exchange operator Didox.',
};

for (const lang of ['ru', 'uz', 'en'] as const) {
  it(`says before signing that the document goes via the bound operator (${lang})`, async () => {
    route = { provider: 'didox', providerName: 'Didox' };
    await act(() => i18next.changeLanguage(lang));
    const dialog = await openKeyDialog();
    expect(await within(dialog).findByTestId('via-operator')).toHaveTextContent(expected[lang]);
    expect(asked).toEqual([DOC]);
  });
}

const notCarried = {
  ru: 'Останется на этом сервере. Didox не передаёт документы этого вида: к контрагенту, которого нет на этом сервере, документ не уйдёт — он увидит его, только когда будет работать на этом сервере.',
  uz: 'Ushbu serverda qoladi. Didox bu turdagi hujjatlarni uzatmaydi: ushbu serverda boʻlmagan kontragentga hujjat yuborilmaydi — u hujjatni faqat shu serverda ishlaganda koʻradi.',
  en: 'Stays on this server. Didox does not carry documents of this kind: the document does not go to a counterparty that is not on this server — it sees the document only once it works on this server.',
};

for (const lang of ['ru', 'uz', 'en'] as const) {
  it(`never says "via" for a kind the operator does not carry: it stays on this server (${lang})`, async () => {
    route = { provider: 'didox', providerName: 'Didox', carried: false };
    await act(() => i18next.changeLanguage(lang));
    const dialog = await openKeyDialog();
    const note = await within(dialog).findByTestId('via-operator');
    expect(note).toHaveTextContent(notCarried[lang]);
    expect(note.textContent).not.toContain(expected[lang].split('.')[0]);
  });
}

it('says nothing when the document stays on this server', async () => {
  const dialog = await openKeyDialog();
  await vi.waitFor(() => expect(asked).toEqual([DOC]));
  // The answer (null) has arrived and rendered nothing.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(within(dialog).queryByTestId('via-operator')).toBeNull();
});
