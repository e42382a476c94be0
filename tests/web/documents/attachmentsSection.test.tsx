// Issue 27.6 on the view: the attachments of a document, downloaded (never opened in the page); the
// sender's draft takes a file with the limit stated; the server's refusal is shown as it says it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DocumentView } from '../../../src/web/api/documents';
import { AttachmentsSection } from '../../../src/web/documents/view/AttachmentsSection';
import { Toaster } from '../../../src/web/ui/toast/Toaster';

const ID = '7f1d2c3b-aaaa-4bbb-8ccc-000000000001';
let stored = [
  {
    id: 'a1',
    fileName: 'Akt.pdf',
    contentType: 'application/pdf',
    size: 2_621_440,
    sha256: 'x',
    createdAt: '',
  },
];
const server = setupServer(
  http.get('/api/Document/getAttachments', () => HttpResponse.json({ success: true, data: stored })),
  http.post('/api/Document/fileScan', async ({ request }) => {
    // The multipart body is read as text: Node 24's request.formData() builds its File from the
    // jsdom global and then refuses it (an undici assertion), which no browser does.
    const body = await request.text();
    const fileName = /filename="([^"]+)"/.exec(body)?.[1] ?? '';
    const content = body.split('\r\n\r\n')[1] ?? '';
    if (!content.startsWith('%PDF-'))
      return HttpResponse.json(
        { success: false, code: 'ATTACHMENT_TYPE', message: 'Можно приложить только PDF, JPEG или PNG' },
        { status: 415 },
      );
    stored = [...stored, { ...stored[0], id: 'a2', fileName, size: content.length }];
    return HttpResponse.json({ success: true, data: stored[1] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const doc = (over: Partial<DocumentView>) =>
  ({ id: ID, box: 'drafts', myRoles: ['sender'], ...over }) as DocumentView;

function renderSection(document: DocumentView) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AttachmentsSection document={document} refresh={() => undefined} />
      <Toaster />
    </QueryClientProvider>,
  );
}

it('lists, states the rule and offers adding to the sender’s draft; a refused type says why', async () => {
  renderSection(doc({}));
  expect(
    await screen.findByRole('button', { name: 'Скачать Akt.pdf' }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(screen.getByText(/2,5 МБ/)).toBeInTheDocument();
  expect(screen.getByText(/PDF, JPEG или PNG, не больше 10 МБ/)).toBeInTheDocument();
  const input = screen.getByTestId('attachment-input') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['<script>'], 'scan.pdf', { type: 'application/pdf' })] },
  });
  // The upload's answer comes through msw: as long to wait for as the list above on a busy runner.
  expect(
    await screen.findByText('Можно приложить только PDF, JPEG или PNG', {}, { timeout: 10_000 }),
  ).toBeInTheDocument();
});

it('a received document shows its attachments without adding or removing', async () => {
  renderSection(doc({ box: 'incoming', myRoles: ['receiver'] }));
  expect(
    await screen.findByRole('button', { name: 'Скачать Akt.pdf' }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Приложить/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /Удалить/ })).toBeNull();
});

it('shows nothing where there are none and nothing may be added', async () => {
  stored = [];
  const { container } = renderSection(doc({ box: 'incoming', myRoles: ['receiver'] }));
  await waitFor(() => expect(container.querySelector('[data-testid="attachments-section"]')).toBeNull());
});
