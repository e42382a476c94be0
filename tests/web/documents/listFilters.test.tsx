import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { periodRange, readListUrl, toListQuery, writeListUrl } from '../../../src/web/documents/list/listUrl';
import IncomingPage from '../../../src/web/pages/documents/IncomingPage';
import { row } from './fixtures';

const ROWS = Array.from({ length: 40 }, (_, i) => row(i + 1));
const requests: URL[] = [];

const server = setupServer(
  http.get('/api/Document/getList', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const page = Number(url.searchParams.get('Page'));
    const size = Number(url.searchParams.get('Size'));
    return HttpResponse.json({ rows: ROWS.slice((page - 1) * size, page * size), totalCount: ROWS.length });
  }),
  http.get('/api/Document/getCounts', () =>
    HttpResponse.json({ incoming: 40, incomingAwaiting: 3, outgoing: 0, drafts: 0, deleted: 0 }),
  ),
  http.get('/api/Document/getDocumentOrgs', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search') ?? '';
    const all = [
      { identity: '302000001', name: 'OOO «Demo Savdo» (demo)', count: 12 },
      { identity: '302000003', name: 'XK «Demo Logistika» (demo)', count: 2 },
    ];
    return HttpResponse.json(all.filter((o) => o.identity.includes(search) || o.name.includes(search)));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/documents/incoming', element: <IncomingPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastRequest = () => requests[requests.length - 1];
const search = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);

describe('list URL state', () => {
  it('reads every filter from the URL and ignores malformed values', () => {
    const state = readListUrl(
      new URLSearchParams(
        'period=custom&from=2026-01-01&to=2026-01-31&createdFrom=2026-02-01&createdTo=bad&counterparty=302000001&kind=invoice&type=1&status=2&q=Savdo&number=A-1&page=3&size=54',
      ),
    );
    expect(state).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      createdFrom: '2026-02-01',
      createdTo: undefined,
      counterparty: '302000001',
      kind: 'invoice',
      type: '1',
      status: '2',
      q: 'Savdo',
      number: 'A-1',
      page: 3,
      size: 54,
    });
    expect(readListUrl(new URLSearchParams('size=20&page=-1&counterparty=12&period=decade'))).toMatchObject({
      size: 18,
      page: 1,
      counterparty: undefined,
      period: 'all',
    });
    // Written back, the same state gives the same address; defaults are left out.
    expect(readListUrl(writeListUrl(state))).toEqual(state);
    expect(writeListUrl(readListUrl(new URLSearchParams(''))).toString()).toBe('');
  });

  it('turns presets into document-date ranges on the given day', () => {
    const day = new Date(2026, 10, 25); // 25 November 2026
    expect(periodRange('today', day)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(periodRange('week', day)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(periodRange('month', day)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(periodRange('lastMonth', day)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('quarter', day)).toEqual({ from: '2026-10-01', to: '2026-11-25' });
    expect(periodRange('year', day)).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    expect(periodRange('lastMonth', new Date(2026, 0, 10))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodRange('all', day)).toBeNull();
    expect(
      toListQuery('outgoing', readListUrl(new URLSearchParams('period=month&number=7&type=1')), day),
    ).toEqual({
      DocDirection: 'outgoing',
      DateFrom: '2026-11-01',
      DateTo: '2026-11-25',
      DocNumber: '7',
      Page: 1,
      Size: 18,
    });
  });
});

describe('document list filters (URL in, URL out)', () => {
  it('asks getList with the filters of the address', async () => {
    renderAt(
      '/documents/incoming?period=custom&from=2026-11-01&to=2026-11-30&kind=invoice&type=0&counterparty=302000001&q=Demo&number=INV&createdFrom=2026-11-02&status=2&page=2&size=36',
    );
    await screen.findByRole('link', { name: 'INV-37' }, { timeout: 5000 });
    const params = Object.fromEntries(lastRequest().searchParams);
    expect(params).toEqual({
      DocDirection: 'incoming',
      DateFrom: '2026-11-01',
      DateTo: '2026-11-30',
      CreateDateFrom: '2026-11-02',
      CounterAgentId: '302000001',
      DocType: 'invoice',
      Type: '0',
      Status: '2',
      SearchKeyword: 'Demo',
      DocNumber: 'INV',
      Page: '2',
      Size: '36',
    });
    // The controls show what the address says.
    expect(screen.getByLabelText('Период (дата документа)')).toHaveValue('custom');
    expect(screen.getByLabelText('Дата с')).toHaveValue('01.11.2026');
    expect(screen.getByLabelText('Вид документа')).toHaveValue('invoice');
    expect(screen.getByLabelText('ИНН или название контрагента')).toHaveValue('Demo');
    expect(screen.getByLabelText('Номер документа')).toHaveValue('INV');
    expect(await screen.findByText(/OOO «Demo Savdo» \(demo\) \(302000001\)/)).toBeInTheDocument();
  });

  it('writes a changed filter to the address, from page 1, and Back restores the previous one', async () => {
    const user = userEvent.setup();
    const router = renderAt('/documents/incoming?kind=invoice&page=2');
    await screen.findByRole('link', { name: 'INV-19' }, { timeout: 5000 });

    await user.selectOptions(screen.getByLabelText('Период (дата документа)'), 'lastMonth');
    await waitFor(() => expect(search(router).get('period')).toBe('lastMonth'));
    expect(search(router).get('page')).toBeNull();
    expect(search(router).get('kind')).toBe('invoice');
    await waitFor(() => expect(lastRequest().searchParams.get('DateFrom')).toMatch(/^\d{4}-\d{2}-01$/));

    await user.type(screen.getByLabelText('Номер документа'), 'A-7{Enter}');
    await waitFor(() => expect(search(router).get('number')).toBe('A-7'));
    await waitFor(() => expect(lastRequest().searchParams.get('DocNumber')).toBe('A-7'));

    // Back: the number filter goes, the period stays; the field follows the address.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search(router).get('number')).toBeNull());
    expect(search(router).get('period')).toBe('lastMonth');
    await waitFor(() => expect(screen.getByLabelText('Номер документа')).toHaveValue(''));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    expect(screen.getByLabelText('Период (дата документа)')).toHaveValue('all');
  });

  it('a typed search applies itself after the pause; the counterparty is chosen from a search', async () => {
    const user = userEvent.setup();
    const router = renderAt('/documents/incoming');
    await screen.findByRole('link', { name: 'INV-1' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('ИНН или название контрагента'), 'Savdo');
    await waitFor(() => expect(search(router).get('q')).toBe('Savdo'), { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: /Контрагент/ }));
    await user.type(screen.getByLabelText('ИНН, ПИНФЛ или название'), 'Logistika');
    // The search narrows the list to the one counterparty before it is chosen.
    await waitFor(() => expect(screen.queryByRole('button', { name: /OOO «Demo Savdo»/ })).toBeNull(), {
      timeout: 10_000,
    });
    const option = screen.getByRole('button', { name: /XK «Demo Logistika» \(demo\)/ });
    await user.click(option);
    await waitFor(() => expect(search(router).get('counterparty')).toBe('302000003'), { timeout: 10_000 });
    expect(lastRequest().searchParams.get('CounterAgentId')).toBe('302000003');
    expect(search(router).get('q')).toBe('Savdo');

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('page size and page go to the address; a new size starts from page 1', async () => {
    const user = userEvent.setup();
    const router = renderAt('/documents/incoming');
    await screen.findByRole('link', { name: 'INV-18' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'INV-19' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    await screen.findByRole('link', { name: 'INV-19' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Строк на странице'), '54');
    await waitFor(() => expect(search(router).get('size')).toBe('54'));
    expect(search(router).get('page')).toBeNull();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(40));
  });
});
