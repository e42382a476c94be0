// The requisites page's change history names changed fields as people call them, in their language
// (issue 26: "bankName", "isMain", "invoice:view" were shown as the code writes them).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ChangeHistory } from '../../../src/web/pages/settings/requisite/ChangeHistory';

const entry = (id: string, event: string, fields: string[]) => ({
  id,
  at: '2026-11-28T07:36:00Z',
  event,
  userId: 'u1',
  userName: 'Tursunov Bobur Olimovich (demo)',
  detail: { changes: Object.fromEntries(fields.map((f) => [f, { from: null, to: 'x' }])) },
});
const rows = [
  entry('1', 'settings.account.added', ['account', 'mfo', 'bankName', 'currency', 'isMain']),
  entry('2', 'settings.requisites.updated', ['Address', 'BankId']),
  entry('3', 'settings.access.changed', ['invoice:view', 'admin:staff']),
  entry('4', 'settings.staff.updated', ['departmentId', 'positionId', 'isActive']),
];
const server = setupServer(
  http.get('/api/Organization/getChangeHistory', () =>
    HttpResponse.json({ success: true, data: { rows, totalCount: rows.length } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await act(() => i18next.changeLanguage('ru'));
});
afterAll(() => server.close());

async function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangeHistory />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: /Показать|Show|Koʻrsatish/ }));
  return (await screen.findAllByRole('listitem', {}, { timeout: 5000 })).map((li) => li.textContent ?? '');
}

it('labels every changed field, never its name in the code', async () => {
  const items = await open();
  expect(items[0]).toContain('(Расчётный счёт, МФО, Банк, Валюта, Основной)');
  expect(items[1]).toContain('(Адрес, МФО)');
  expect(items[2]).toContain('(Счёт-фактура: Просмотр, Управление сотрудниками, ролями и доступом)');
  expect(items[3]).toContain('(Отдел, Должность, Активен)');
  const text = items.join(' ');
  for (const code of ['bankName', 'isMain', 'invoice:view', 'departmentId', 'BankId', 'mfo'])
    expect(text).not.toContain(code);
});

it('in English too', async () => {
  await act(() => i18next.changeLanguage('en'));
  const items = await open();
  expect(items[0]).toContain('(Account, MFO, Bank, Currency, Main)');
});
