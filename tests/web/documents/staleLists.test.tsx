// A list a person opens is never older than what they can see elsewhere (issue 26: after the buyer
// rejected, the seller's «Исходящие» kept "Ожидает подписи контрагента" for 20 s and more while the
// document's view said "Отклонён" — lists were kept 30 s in the browser; F5 fixed it).
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { documentKeys, useDocumentView } from '../../../src/web/api/documents';
import { createQueryClient } from '../../../src/web/api/queryClient';
import { StatusBadge } from '../../../src/web/documents/StatusBadge';
import OutgoingPage from '../../../src/web/pages/documents/OutgoingPage';
import { row, view } from './fixtures';

const ID = '00000000-0000-4000-8000-000000000001';
// The document as the server has it now: waiting for the buyer, then rejected by it.
let state: { status: number; statusKey: string; updatedAt: string };
const waiting = { status: 1, statusKey: 'waitingPartner', updatedAt: '2026-11-20T09:20:00Z' };
const rejected = { status: 4, statusKey: 'rejected', updatedAt: '2026-11-20T09:25:00Z' };
let listCalls = 0;

const server = setupServer(
  http.get('/api/Document/getList', () => {
    listCalls++;
    const r = row(1, {
      ...state,
      viewStatus: state.status,
      awaiting: false,
      respondBy: null,
      myRoles: ['sender'],
    });
    return HttpResponse.json({ rows: [r], totalCount: 1 });
  }),
  http.get('/api/Document/getCounts', () =>
    HttpResponse.json({
      incoming: 0,
      incomingAwaiting: 0,
      outgoing: 1,
      drafts: 0,
      deleted: 0,
      generation: '7',
    }),
  ),
  http.get('/api/Document/getById', () =>
    HttpResponse.json(
      view({ id: ID, ...state, viewStatus: state.status, myRoles: ['sender'], box: 'outgoing' }),
    ),
  ),
  http.get('/api/Document/getDocumentOrgs', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = waiting;
  listCalls = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** What the document's page shows of its status (the real view page renders the same badge). */
function ViewProbe() {
  const document = useDocumentView(ID);
  return document.data ? (
    <div data-testid="view-status">
      <StatusBadge kind="invoice" code={document.data.viewStatus} statusKey={document.data.statusKey} />
    </div>
  ) : null;
}

function renderApp() {
  // The app's own query defaults (createQueryClient), not a test's.
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/documents/outgoing', element: <OutgoingPage /> },
      { path: '/documents/:id', element: <ViewProbe /> },
    ],
    { initialEntries: ['/documents/outgoing'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

const listRow = async () =>
  (await screen.findByRole('link', { name: 'INV-1' }, { timeout: 5000 })).closest('tr');

it('the list opened again after the view showed "Отклонён" shows "Отклонён", within the 30 s lists used to be kept', async () => {
  const { router } = renderApp();
  expect(
    within((await listRow()) as HTMLElement).getByText('Ожидает подписи контрагента'),
  ).toBeInTheDocument();

  // The buyer rejects; the seller opens the document, then goes back to «Исходящие».
  state = rejected;
  await act(() => router.navigate(`/documents/${ID}`));
  expect(await screen.findByText('Отклонён', {}, { timeout: 5000 })).toBeInTheDocument();
  await act(() => router.navigate('/documents/outgoing'));
  await waitFor(() => expect(within(screen.getByRole('table')).getByText('Отклонён')).toBeInTheDocument(), {
    timeout: 5000,
  });
  expect(within(screen.getByRole('table')).queryByText('Ожидает подписи контрагента')).toBeNull();
});

it('a view newer than a remembered list marks the lists stale at once', async () => {
  const { client, router } = renderApp();
  await listRow();
  state = rejected;
  await act(() => router.navigate(`/documents/${ID}`));
  await screen.findByText('Отклонён', {}, { timeout: 5000 });
  const lists = client.getQueryCache().findAll({ queryKey: documentKeys.lists });
  expect(lists.length).toBeGreaterThan(0);
  await waitFor(() => expect(lists.every((q) => q.state.isInvalidated)).toBe(true));
});

it('an open list is asked again when the window gets focus', async () => {
  renderApp();
  await listRow();
  const before = listCalls;
  state = rejected;
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  await waitFor(() => expect(within(screen.getByRole('table')).getByText('Отклонён')).toBeInTheDocument(), {
    timeout: 5000,
  });
  expect(listCalls).toBeGreaterThan(before);
});
