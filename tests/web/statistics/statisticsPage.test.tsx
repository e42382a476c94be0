// The statistics page reads as names, not codes (issue 26): every kind by its name, the months of the
// chart's axis by name per locale, money exact with two decimals and "сум", the period in the
// locale's date format.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import documents from '../../../locales/ru/documents.json';
import { lifecycleKinds } from '../../../src/engine/lifecycle';
import { listKindSummaries } from '../../../src/engine/registry';
import type { Statistics } from '../../../src/web/api/bulk';
import StatisticsPage from '../../../src/web/pages/statistics/StatisticsPage';

const documentsRu = { documents };

const KINDS = lifecycleKinds();
const BIG = '9007199254740993.15'; // past a float's exact range: Number() would print …992,00
const answer: Statistics = {
  period: { monthFrom: '2026-01', monthTo: '2026-12' },
  totals: {
    outgoing: { count: KINDS.length, sum: BIG },
    incoming: { count: 0, sum: '0.00' },
    drafts: { count: 0, sum: '0.00' },
  },
  byKind: KINDS.map((kind) => ({ direction: 'outgoing', kind, count: 1, sum: '100.00' })),
  byStatus: [{ direction: 'outgoing', status: 'cancelled', count: KINDS.length, sum: BIG }],
  byMonth: [
    { direction: 'outgoing', month: '2026-10', count: 3, sum: '300.00' },
    { direction: 'outgoing', month: '2026-11', count: KINDS.length - 3, sum: '700.00' },
  ],
  topCounterparties: [],
  waitingForYou: 0,
};

const server = setupServer(http.get('/api/Statistics/getList', () => HttpResponse.json({ data: answer })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await act(() => i18next.changeLanguage('ru'));
});
afterAll(() => server.close());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatisticsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The text alternative of a chart: its table's row headers (what the axis says). */
const axis = (title: string) =>
  within(screen.getByRole('table', { name: title }))
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

it('names every kind on the chart, in the reader’s language', async () => {
  renderPage();
  await screen.findByRole('table', { name: 'Документы по видам' }, { timeout: 5000 });
  const labels = axis('Документы по видам');
  // The names as the ru locale writes them (each kind's title key is "documents:kinds.<kind>").
  for (const kind of KINDS) {
    const key = listKindSummaries('documents').find((k) => k.kind === kind)?.titleKey as string;
    const [ns, path] = key.split(':');
    const name = path.split('.').reduce<any>((node, part) => node?.[part], (documentsRu as any)[ns]);
    expect(typeof name, key).toBe('string');
    expect(labels, kind).toContain(name);
  }
  for (const label of labels) expect(label).not.toMatch(/^[a-z]+(\.[A-Za-z]+)*$/);
});

it('names the months of the axis per locale, never "2026-11"', async () => {
  renderPage();
  await screen.findByRole('table', { name: 'Документы по месяцам' }, { timeout: 5000 });
  expect(axis('Документы по месяцам')).toEqual(['окт. 2026', 'нояб. 2026']);
  expect(document.body.textContent).not.toContain('2026-11');
  await act(() => i18next.changeLanguage('en'));
  await waitFor(() => expect(axis('Documents by month')).toEqual(['Oct 2026', 'Nov 2026']));
});

it('shows money exactly, with two decimals and the currency; the period in the locale’s date format', async () => {
  renderPage();
  const totals = await screen.findByTestId('stats-totals', {}, { timeout: 5000 });
  const text = (totals.textContent ?? '').replace(/\s/g, ' ');
  expect(text).toContain('9 007 199 254 740 993,15 сум');
  expect(text).toContain('0,00 сум');
  const from = screen.getByLabelText('С') as HTMLInputElement;
  expect(from.type).not.toBe('date');
  expect(from.value).toMatch(/^01\.01\.\d{4}$/);
});
