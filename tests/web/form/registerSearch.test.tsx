// Issue 27.5 in the editor: the button beside a party's TIN searches the counterparty register
// (Organization/getOrgs) by name; choosing a row puts its TIN in the field, and the look-up fills the
// party's requisites as when the number is typed.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { getKind } from '../../../src/engine';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { readAt } from '../../../src/web/form/theme/formContext';
import { loadFormValidator } from '../../../src/web/form/validator';

const FARM = {
  identity: '305000001',
  tin: '305000001',
  pinfl: null,
  name: 'MChJ «Demo Farm Savdo» (demo)',
  sources: ['counterparty', 'registry'],
  documents: 3,
  isDemo: true,
};
const asked: string[] = [];
const server = setupServer(
  http.get('/api/Organization/getOrgs', ({ request }) => {
    const str = new URL(request.url).searchParams.get('str') ?? '';
    asked.push(str);
    const rows = /farm/i.test(str) ? [FARM] : [];
    return HttpResponse.json({
      success: true,
      data: { rows, totalCount: rows.length, registryUnavailable: /slow/.test(str) },
    });
  }),
  http.get('/api/DocumentOrganization/getOrgInfoByTin', ({ request }) => {
    const tin = new URL(request.url).searchParams.get('tin');
    if (tin !== FARM.tin)
      return HttpResponse.json({ success: false, code: 'ORGANIZATION_NOT_FOUND' }, { status: 404 });
    return HttpResponse.json({
      success: true,
      data: {
        TinOrPinfl: tin,
        Tin: tin,
        Name: FARM.name,
        Address: "Toshkent sh., Demo ko'chasi 11 (demo)",
        IsDemo: true,
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const kind = getKind('invoice')!;
beforeAll(() => loadFormValidator(kind.schema as RJSFSchema), 120_000);

it('finds a counterparty by name and fills the buyer from the chosen row', async () => {
  const onChange = vi.fn<(data: unknown) => void>();
  render(
    <DocumentForm
      schema={kind.schema as RJSFSchema}
      uiSchema={kind.ui as UiSchema}
      mode="create"
      initialData={{}}
      onChange={onChange}
      onSubmit={vi.fn()}
    />,
  );
  const buyerTin = await waitFor(
    () => {
      const input = document.getElementById('root_BuyerTin');
      if (!input) throw new Error('the form is still mounting');
      return input;
    },
    { timeout: 30_000 },
  );
  const search = within(buyerTin.parentElement!).getByRole('button', {
    name: 'Найти контрагента по ИНН, ПИНФЛ или названию',
  });
  fireEvent.click(search);
  const dialog = await screen.findByRole('dialog', { name: 'Поиск контрагента' }, { timeout: 15_000 });
  fireEvent.change(within(dialog).getByLabelText('ИНН, ПИНФЛ или название'), {
    target: { value: 'demo farm' },
  });
  const row = await within(dialog).findByRole(
    'button',
    { name: `Выбрать ${FARM.name} (305000001)` },
    { timeout: 5000 },
  );
  expect(row).toHaveTextContent('3 документа с вами · реестр налоговой · демо');
  expect(asked).toContain('demo farm');
  fireEvent.click(row);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const last = () => onChange.mock.calls.at(-1)?.[0] as Record<string, unknown>;
  await waitFor(() => expect(readAt(last(), ['BuyerTin'])).toBe('305000001'));
  await waitFor(() => expect(readAt(last(), ['Buyer', 'Name'])).toBe(FARM.name), { timeout: 10_000 });
}, 120_000);
