import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABS } from '../../../src/engine/routes';
import CataloguePage from '../../../src/web/pages/catalogue/CataloguePage';

const GOODS = Array.from({ length: 40 }, (_, i) => ({
  catalogCode: `${i < 10 ? '03304' : '00902'}020001${String(i).padStart(6, '0')}`,
  catalogName: `Товар ${i + 1}`,
  newLgotaId: 'DEMO-101',
  lgotaName: 'Демо-льгота',
  // The benefit's previous code is known for some rows only.
  lgotaId: i % 2 ? null : 'OLD-101',
}));
const BUYERS = Array.from({ length: 47 }, (_, i) => ({
  name: `Firm ${i + 1} (demo)`,
  tin: String(304000001 + i),
  newLgotaId: 'DEMO-301',
  lgotaName: 'Льгота',
  lgotaId: i === 0 ? 'OLD-301' : null,
  dateBegin: '2024-02-01',
  dateEnd: i % 2 ? null : '2027-12-31',
}));

const requests: URL[] = [];
function page<T>(rows: T[], url: URL) {
  const p = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('size') ?? 50);
  return HttpResponse.json({ rows: rows.slice((p - 1) * size, p * size), totalCount: rows.length });
}

const server = setupServer(
  http.get('/api/Lgota/Datasets', () =>
    HttpResponse.json({
      rows: [
        {
          list: 'withoutVat',
          source: 'demo',
          fileName: null,
          rowCount: 40,
          loadedAt: '2026-01-01T00:00:00Z',
        },
        {
          list: 'buyers',
          source: 'import',
          fileName: 'b.csv',
          rowCount: 47,
          loadedAt: '2026-01-01T00:00:00Z',
        },
      ],
    }),
  ),
  http.get('/api/Lgota/WithoutVatProducts', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const code = url.searchParams.get('tasnifCode') ?? '';
    const name = url.searchParams.get('tasnifName');
    const rows = GOODS.filter(
      (g) => g.catalogCode.startsWith(code) && (!name || g.catalogName.includes(name)),
    );
    return page(rows, url);
  }),
  http.get('/api/Lgota/PrivilegedBuyerCompanies', ({ request }) => page(BUYERS, new URL(request.url))),
  http.get('/api/Lgota/NotIncludedProducts', () =>
    HttpResponse.json(
      { success: false, code: 'VALIDATION', message: 'Параметр searchText слишком длинный' },
      { status: 400 },
    ),
  ),
  http.get('/api/Lgota/FilterOptions', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const search = url.searchParams.get('search') ?? '';
    return HttpResponse.json({
      rows: GOODS.filter((g) => g.catalogCode.startsWith(search))
        .slice(0, Number(url.searchParams.get('size')))
        .map((g) => ({ value: g.catalogCode, label: `${g.catalogCode} — ${g.catalogName}` })),
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/gnccatalog',
        children: CATALOGUE_TABS.map((tab) => ({
          path: tab,
          handle: { name: tab },
          element: <CataloguePage />,
        })),
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');

describe('CataloguePage', () => {
  it('shows the first tab with row numbers, the spec columns, the demo badge and the range', async () => {
    renderAt('/gnccatalog/tasnifGetWithoutVat');
    expect(await screen.findByText('Товар 1')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(18);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '№',
      'Код ИКПУ',
      'Наименование ИКПУ',
      'Код льготы по НДС',
      'Содержание льготы по НДС',
    ]);
    expect(within(bodyRows()[0]).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(screen.getByTestId('demo-badge')).toHaveTextContent('Демо-данные');
    expect(screen.getByText('1–18 из 40')).toBeInTheDocument();
    expect(requests[0].searchParams.get('size')).toBe('18');
    expect(requests[0].searchParams.get('page')).toBe('1');
  });

  it('filters by classifier code through the dropdown: suggestions after typing, the URL holds the filter, the page resets', async () => {
    const user = userEvent.setup();
    const router = renderAt('/gnccatalog/tasnifGetWithoutVat?page=2');
    await screen.findByText('Товар 19');
    await user.click(screen.getByRole('button', { name: 'Код ИКПУ' }));
    const input = screen.getByRole('textbox', { name: 'Код ИКПУ' });
    await user.type(input, '03x304');
    expect(input).toHaveValue('03304'); // digits only
    // Suggestions come from one debounced look-up of 5.
    const suggestion = await screen.findByRole(
      'button',
      { name: /033040200010+3 — Товар 4/ },
      { timeout: 3000 },
    );
    const lookups = requests.filter((r) => r.pathname.endsWith('FilterOptions'));
    // Debounced: no look-up per keystroke (the exact timing is covered by useDebouncedValue's test).
    expect(lookups.length).toBeLessThan(3);
    expect(lookups.every((r) => r.searchParams.get('size') === '5')).toBe(true);
    expect(lookups.at(-1)?.searchParams.get('search')).toBe('03304');
    expect(suggestion).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(router.state.location.search).toBe('?catalogCode=03304'));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByText('1–10 из 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Код ИКПУ: 03304' })).toHaveAttribute('aria-expanded', 'false');
    const last = requests.filter((r) => r.pathname.endsWith('WithoutVatProducts')).pop()!;
    expect(last.searchParams.get('tasnifCode')).toBe('03304');
    expect(last.searchParams.get('page')).toBe('1');
  });

  it('appends the next page on show more', async () => {
    const user = userEvent.setup();
    renderAt('/gnccatalog/tasnifGetWithoutVat');
    await screen.findByText('Товар 18');
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(36));
    expect(screen.getByText('Товар 1')).toBeInTheDocument();
    expect(within(bodyRows()[18]).getAllByRole('cell')[0]).toHaveTextContent('19');
    expect(screen.getByText('1–36 из 40')).toBeInTheDocument();
  });

  it('changes page through the URL and resets it when the page size changes', async () => {
    const user = userEvent.setup();
    const router = renderAt('/gnccatalog/tasnifGetWithoutVat');
    await screen.findByText('Товар 1');
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Товар 19')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getAllByRole('cell')[0]).toHaveTextContent('19');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Строк на странице' }), '36');
    await waitFor(() => expect(router.state.location.search).toBe('?size=36'));
    await waitFor(() => expect(bodyRows()).toHaveLength(36));
    expect(screen.getByText('1–36 из 40')).toBeInTheDocument();
  });

  it('says nothing was found for an empty result', async () => {
    renderAt('/gnccatalog/tasnifGetWithoutVat?catalogCode=999');
    expect(await screen.findByTestId('nothing-found')).toHaveTextContent('Ничего не найдено');
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  });

  it('offers the first page when the URL points past the end', async () => {
    const user = userEvent.setup();
    const router = renderAt('/gnccatalog/tasnifGetWithoutVat?page=9');
    expect(await screen.findByText('На этой странице строк нет, всего в списке 40.')).toBeInTheDocument();
    expect(screen.queryByTestId('nothing-found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'К первой странице' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1–18 из 40')).toBeInTheDocument();
  });

  it('closes the filter panel with Escape and returns focus; Enter applies the typed text', async () => {
    const user = userEvent.setup();
    const router = renderAt('/gnccatalog/tasnifGetWithoutVat');
    await screen.findByText('Товар 1');
    const trigger = screen.getByRole('button', { name: 'Наименование ИКПУ' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Наименование ИКПУ' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Наименование ИКПУ' }), 'Товар 3{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?catalogName=%D0%A2%D0%BE%D0%B2%D0%B0%D1%80+3'),
    );
    expect(await screen.findByRole('button', { name: 'Наименование ИКПУ: Товар 3' })).toHaveFocus();
    // Tabbing past the last button of the panel closes it.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Наименование ИКПУ' })).toHaveFocus();
    await user.tab(); // hint text is not focusable: Reset
    await user.tab(); // Apply
    await user.tab(); // out of the panel
    expect(screen.queryByRole('textbox', { name: 'Наименование ИКПУ' })).not.toBeInTheDocument();
  });

  it('uses the real total on the purchasing tab, with its enterprise columns and no demo badge', async () => {
    renderAt('/gnccatalog/enterprisesPurchasingWithoutOrZeroVAT');
    expect(await screen.findByText('Firm 1 (demo)')).toBeInTheDocument();
    expect(screen.getByText('1–18 из 47')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '№',
      'Организация',
      'ИНН',
      'Код льготы по НДС',
      'Содержание льготы по НДС',
      'Дата начала',
      'Дата окончания',
    ]);
    expect(screen.getAllByText('01.02.2024')[0].tagName).toBe('TIME');
    expect(screen.getAllByText('бессрочно').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'ИНН' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('demo-badge')).not.toBeInTheDocument());
  });

  it('shows the server message and a retry button when the list fails', async () => {
    renderAt('/gnccatalog/tasnifGetNotConsidered');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Параметр searchText слишком длинный');
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('switches the benefit codes between the new and the old numbering, kept in the URL and across tabs', async () => {
    const user = userEvent.setup();
    const router = renderAt('/gnccatalog/tasnifGetWithoutVat');
    expect(await screen.findByText('Товар 1')).toBeInTheDocument();
    const toggle = screen.getByRole('group', { name: 'Коды льгот' });
    const newer = within(toggle).getByRole('button', { name: 'Новые' });
    const older = within(toggle).getByRole('button', { name: 'Старые' });
    expect(newer).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('DEMO-101').length).toBe(18);

    await user.click(older);
    expect(older).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toContain('codes=old');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Старый код льготы');
    expect(screen.queryByText('DEMO-101')).not.toBeInTheDocument();
    // Rows 1, 3, … carry the old code; the others say they have none.
    const first = within(bodyRows()[0]).getAllByRole('cell');
    expect(first.map((c) => c.textContent)).toContain('OLD-101');
    const second = within(bodyRows()[1]).getAllByRole('cell');
    expect(second.map((c) => c.textContent)).toContain('нет старого кода');
    // The rows are the same rows: the toggle changes no request's filters.
    expect(screen.getByText('Товар 1')).toBeInTheDocument();

    // Another tab keeps the choice.
    await user.click(screen.getByRole('link', { name: 'Предприятия, приобретающие с льготой' }));
    expect(await screen.findByText('Firm 1 (demo)')).toBeInTheDocument();
    expect(router.state.location.search).toContain('codes=old');
    expect(screen.getByText('OLD-301')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('group', { name: 'Коды льгот' })).getByRole('button', { name: 'Новые' }),
    );
    expect(router.state.location.search).not.toContain('codes=');
    expect(screen.getAllByText('DEMO-301').length).toBe(18);
  });

  it('offers no code toggle on the classifier tabs, which have no benefits', async () => {
    server.use(
      http.get('/api/Lgota/NotIncludedProducts', () =>
        HttpResponse.json({
          rows: [{ catalogCode: '00101001001000000', catalogName: 'Tirik otlar' }],
          totalCount: 1,
        }),
      ),
    );
    renderAt('/gnccatalog/tasnifGetNotConsidered?codes=old');
    expect(await screen.findByText('Tirik otlar')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Коды льгот' })).not.toBeInTheDocument();
  });
});
