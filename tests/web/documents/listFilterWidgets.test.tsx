// The list's status and date filters (issue 26): statuses once each, grouped (the kinds' "Отменён"
// under codes 5 and 120 was listed twice), asked by key; dates typed in the page's locale through the
// forms' date field, never the browser's mm/dd/yyyy picker.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getLifecycle, lifecycleKinds } from '../../../src/engine/lifecycle';
import type { DocDirection } from '../../../src/web/api/documents';
import { statusGroups } from '../../../src/web/documents/list/statusOptions';
import IncomingPage from '../../../src/web/pages/documents/IncomingPage';
import { row } from './fixtures';

const requests: URL[] = [];
const server = setupServer(
  http.get('/api/Document/getList', ({ request }) => {
    requests.push(new URL(request.url));
    return HttpResponse.json({ rows: [row(1)], totalCount: 1 });
  }),
  http.get('/api/Document/getCounts', () =>
    HttpResponse.json({ incoming: 1, incomingAwaiting: 1, outgoing: 0, drafts: 0, deleted: 0 }),
  ),
  http.get('/api/Document/getDocumentOrgs', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  requests.length = 0;
  await act(() => i18next.changeLanguage('ru'));
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
const lastQuery = () => Object.fromEntries(requests[requests.length - 1].searchParams);

const DIRECTIONS: DocDirection[] = ['incoming', 'outgoing', 'drafts', 'deleted'];

describe.each(DIRECTIONS)('status filter of %s', (direction) => {
  it.each([undefined, ...lifecycleKinds()])(
    'with kind %s: every status the list can show, each once',
    (kind) => {
      const keys = statusGroups(direction, kind).flatMap((g) => g.keys);
      expect(new Set(keys).size).toBe(keys.length);
      const names = keys.map((key) => i18next.t(`exchange:status.${key}`, { lng: 'ru' }));
      expect(new Set(names).size, names.join(', ')).toBe(names.length);
      // None left out: every status of the kinds in question that this list shows has its entry.
      const kinds = kind ? [kind] : lifecycleKinds();
      for (const k of kinds) {
        const lifecycle = getLifecycle(k);
        for (const status of lifecycle.statuses) {
          const isDraft = status.code === lifecycle.initial;
          const shown =
            direction === 'drafts'
              ? isDraft
              : (!isDraft || direction === 'deleted') &&
                (!status.view || direction === 'incoming' || direction === 'deleted');
          if (shown) expect(keys, `${k} ${status.key}`).toContain(status.key);
        }
      }
    },
  );
});

describe('status filter on the page', () => {
  it('lists each status once, grouped by kind, and asks getList by the status key', async () => {
    const user = userEvent.setup();
    renderAt('/documents/incoming');
    const select = await screen.findByLabelText('Статус', {}, { timeout: 5000 });
    const options = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(new Set(options).size, options.join(', ')).toBe(options.length);
    expect(options.filter((o) => o === 'Отменён')).toHaveLength(1);
    const groups = [...select.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups[0]).toBe('Общие статусы');
    expect(groups).toContain('Счёт-фактура – товарно-транспортная накладная, Товарно-транспортная накладная');
    await user.selectOptions(select, 'Отменён');
    await waitFor(() => expect(lastQuery()).toMatchObject({ StatusKey: 'cancelled' }));
    expect(lastQuery().Status).toBeUndefined();
  });
});

describe('date filters', () => {
  it('are the forms’ date field in the locale format, and a typed day goes to getList', async () => {
    const user = userEvent.setup();
    renderAt('/documents/incoming?period=custom&from=2026-11-01');
    const from = (await screen.findByLabelText('Дата с', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(from.type).not.toBe('date');
    expect(from).toHaveValue('01.11.2026');
    expect(from).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
    const to = screen.getByLabelText('Дата по');
    await user.type(to, '30112026');
    await waitFor(() => expect(lastQuery()).toMatchObject({ DateFrom: '2026-11-01', DateTo: '2026-11-30' }));
    const created = screen.getByLabelText('Создан с');
    expect((created as HTMLInputElement).type).not.toBe('date');
    await user.type(created, '02112026');
    await waitFor(() => expect(lastQuery()).toMatchObject({ CreateDateFrom: '2026-11-02' }));
  });

  it('follow the language: MM/DD/YYYY in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderAt('/documents/incoming?period=custom&from=2026-11-05');
    const from = await screen.findByDisplayValue('11/05/2026', {}, { timeout: 5000 });
    expect(from).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  });
});
