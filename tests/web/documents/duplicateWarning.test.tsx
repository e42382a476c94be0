// Issue 26: before saving or sending, the editor asks whether the organisation already sent this
// document; a draft may be saved anyway, a send is not offered. The server's answer names the document.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { useDuplicateWarning } from '../../../src/web/documents/editor/useDuplicateWarning';

const sent = {
  id: '7d3f1c2e-0000-4000-8000-000000000001',
  number: 'СФ-0471',
  date: '2026-11-20',
  status: 1,
  statusKey: 'waitingPartner',
  statusName: 'Ожидает подписи контрагента',
  counterpartyName: 'AJ «Demo Qurilish»',
};
let duplicate: typeof sent | null = sent;
const asked: Array<{ kind: string | null; documentId: string | null; body: unknown }> = [];
const server = setupServer(
  http.post('/api/Document/findDuplicate', async ({ request }) => {
    const url = new URL(request.url);
    asked.push({
      kind: url.searchParams.get('kind'),
      documentId: url.searchParams.get('documentId'),
      body: await request.json(),
    });
    return HttpResponse.json({ success: true, data: { duplicate } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  duplicate = sent;
});
afterAll(() => server.close());

const content = { FacturaDoc: { FacturaNo: 'СФ-0471', FacturaDate: '2026-11-20' }, BuyerTin: '302000002' };

function Harness({ intent }: { intent: 'draft' | 'send' }) {
  const warning = useDuplicateWarning('invoice');
  const [result, setResult] = useState('');
  return (
    <MemoryRouter>
      <button
        type="button"
        onClick={async () => setResult(String(await warning.confirm(content, 'draft-1', intent)))}
      >
        go
      </button>
      <output>{result}</output>
      {warning.element}
    </MemoryRouter>
  );
}

it('warns before saving a draft that repeats a sent document, and saves it when asked to', async () => {
  render(<Harness intent="draft" />);
  await userEvent.click(screen.getByRole('button', { name: 'go' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Такой документ уже отправлен' });
  expect(dialog).toHaveTextContent(
    'Документ № СФ-0471 от 20.11.2026 контрагенту «AJ «Demo Qurilish»» уже отправлен',
  );
  expect(dialog).toHaveTextContent('Ожидает подписи контрагента');
  expect(screen.getByRole('link', { name: /Открыть отправленный документ № СФ-0471/ })).toHaveAttribute(
    'href',
    `/documents/${sent.id}`,
  );
  expect(asked).toEqual([{ kind: 'invoice', documentId: 'draft-1', body: content }]);
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить черновик всё равно' }));
  expect(await screen.findByText('true')).toBeInTheDocument();
});

it('does not offer to send a duplicate', async () => {
  render(<Harness intent="send" />);
  await userEvent.click(screen.getByRole('button', { name: 'go' }));
  await screen.findByRole('alertdialog');
  expect(screen.queryByRole('button', { name: /всё равно/ })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Вернуться к документу' }));
  expect(await screen.findByText('false')).toBeInTheDocument();
});

it('goes on without a word when nothing was sent', async () => {
  duplicate = null;
  render(<Harness intent="send" />);
  await userEvent.click(screen.getByRole('button', { name: 'go' }));
  expect(await screen.findByText('true')).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).toBeNull();
});
