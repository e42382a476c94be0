import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { referenceApi } from '../reference/referenceApi';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await i18next.changeLanguage('ru');
});
afterAll(() => server.close());

function setup(
  schema: RJSFSchema,
  uiSchema: UiSchema,
  initialData?: unknown,
  extra: Partial<Parameters<typeof DocumentForm>[0]> = {},
) {
  const onChange = vi.fn<(data: unknown) => void>();
  const onSubmit = vi.fn<(data: unknown) => void>();
  const view = render(
    <DocumentForm
      schema={schema}
      uiSchema={uiSchema}
      mode="create"
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      {...extra}
    />,
  );
  const last = () => onChange.mock.calls.at(-1)?.[0] as Record<string, any>;
  return { ...view, onChange, onSubmit, last };
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('date widget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { D: { type: 'string', title: 'Дата', isoDate: true } as RJSFSchema },
  };
  const ui = { D: { 'ui:widget': 'date' } };

  it('takes DD.MM.YYYY in ru and stores yyyy-MM-dd', async () => {
    const { last } = setup(schema, ui);
    await userEvent.type(input('root_D'), '15052025');
    // The mask attaches once imask has loaded (useMask); what was typed before is then masked.
    await waitFor(() => expect(input('root_D').value).toBe('15.05.2025'));
    await waitFor(() => expect(last().D).toBe('2025-05-15'));
  });

  it('takes MM/DD/YYYY in en and shows a stored date in the locale format', async () => {
    await act(() => i18next.changeLanguage('en'));
    const { last } = setup(schema, ui, { D: '2024-02-29' });
    expect(input('root_D').value).toBe('02/29/2024');
    await userEvent.clear(input('root_D'));
    await userEvent.type(input('root_D'), '12312023');
    await waitFor(() => expect(last().D).toBe('2023-12-31'));
  });

  it('keeps an impossible day as typed so the date rule reports it, localized, after leaving the field', async () => {
    const { last } = setup(schema, ui);
    await userEvent.type(input('root_D'), '31022025');
    await waitFor(() => expect(last().D).toBe('31.02.2025'));
    fireEvent.blur(input('root_D'));
    await waitFor(() => expect(input('root_D')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Неверный формат даты');
  });
});

describe('money and count widgets', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { M: { type: 'number', title: 'Сумма' }, C: { type: 'number', title: 'Количество' } },
  };
  const ui = { M: { 'ui:widget': 'money' }, C: { 'ui:widget': 'count' } };

  it('money: comma decimal separator in ru, two decimals, exact number stored', async () => {
    const { last } = setup(schema, ui);
    await userEvent.type(input('root_M'), '1234,567');
    await waitFor(() => expect(last().M).toBe(1234.56));
    expect(input('root_M').value).toBe('1 234,56');
  });

  it('count: up to six decimals, a typed dot becomes the comma', async () => {
    const { last } = setup(schema, ui);
    await userEvent.type(input('root_C'), '2.1234567');
    await waitFor(() => expect(last().C).toBe(2.123456));
  });
});

describe('phone widget', () => {
  it('masks +998 (00) 000-00-00 and stores the international number', async () => {
    const schema: RJSFSchema = { type: 'object', properties: { P: { type: 'string', title: 'Телефон' } } };
    const { last } = setup(schema, { P: { 'ui:widget': 'phone' } });
    await userEvent.type(input('root_P'), '901234567');
    expect(input('root_P').value).toBe('+998 (90) 123-45-67');
    await waitFor(() => expect(last().P).toBe('+998901234567'));
  });

  it('shows a stored number in the mask (once imask, loaded on demand, is there)', async () => {
    const schema: RJSFSchema = { type: 'object', properties: { P: { type: 'string', title: 'Телефон' } } };
    setup(schema, { P: { 'ui:widget': 'phone' } }, { P: '+998711234567' });
    await waitFor(() => expect(input('root_P').value).toBe('+998 (71) 123-45-67'));
  });
});

describe('TIN lookup widget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      SellerTin: { type: 'string', title: 'ИНН продавца' },
      Seller: {
        type: 'object',
        title: 'Продавец',
        properties: {
          Name: { type: 'string', title: 'Название' },
          Director: { type: 'string', title: 'Руководитель' },
        },
      },
    },
  };
  const ui = { SellerTin: { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'Seller' } } };

  it('keeps digits only and, once 9 digits are typed, fills the party from the organisation API', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/DocumentOrganization/getOrgInfoByTin', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('tin') ?? '');
        return HttpResponse.json({
          success: true,
          data: { name: 'ООО «Тест»', director: 'Иванов И.', unknownField: 1 },
        });
      }),
    );
    const { last } = setup(schema, ui, { Seller: { Name: '' } });
    await userEvent.type(input('root_SellerTin'), '30a1-234567');
    expect(input('root_SellerTin').value).toBe('301234567');
    await waitFor(() => expect(last().Seller).toEqual({ Name: 'ООО «Тест»', Director: 'Иванов И.' }), {
      timeout: 3000,
    });
    expect(asked).toEqual(['301234567']);
    expect(screen.getByText('Найдено: ООО «Тест». Реквизиты заполнены.')).toBeInTheDocument();
    expect(input('root_Seller_Name').value).toBe('ООО «Тест»');
  });

  it('says so and leaves the party to manual entry when the server has no lookup', async () => {
    server.use(
      http.get('/api/DocumentOrganization/getOrgInfoByTin', () =>
        HttpResponse.json({ success: false, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
      ),
    );
    const { onChange } = setup(schema, ui);
    await userEvent.type(input('root_SellerTin'), '301234567');
    await screen.findByText('Поиск по ИНН сейчас недоступен. Заполните реквизиты вручную.', undefined, {
      timeout: 3000,
    });
    expect(onChange.mock.calls.every(([data]) => (data as any).Seller?.Name === undefined)).toBe(true);
  });

  const partySchema: RJSFSchema = {
    type: 'object',
    properties: {
      SellerTin: { type: 'string', title: 'ИНН продавца' },
      Seller: {
        type: 'object',
        title: 'Продавец',
        properties: {
          Name: { type: 'string', title: 'Название' },
          Account: { type: 'string', title: 'Расчётный счёт' },
          BankId: { type: 'string', title: 'МФО' },
          Address: { type: 'string', title: 'Адрес' },
          Director: { type: 'string', title: 'Руководитель' },
          Accountant: { type: 'string', title: 'Главный бухгалтер' },
          VatRegCode: { type: 'string', title: 'Код плательщика НДС' },
          VatRegStatus: { type: ['integer', 'null'], title: 'Статус НДС' },
        },
      },
    },
  };
  // The answers of GET /api/DocumentOrganization/getOrgInfoByTin (national field names).
  const parties: Record<string, Record<string, unknown>> = {
    '302000002': {
      TinOrPinfl: '302000002',
      Tin: '302000002',
      Name: 'AJ «Demo Qurilish» (demo)',
      Account: '20208000900100000002',
      BankId: '00450',
      Address: 'Toshkent sh. (demo)',
      Director: 'Karimova Dilnoza Rustamovna',
      Accountant: 'Saidova Nodira (demo)',
      VatRegCode: '326020000002',
      VatRegStatus: 20,
    },
    '302000003': {
      TinOrPinfl: '302000003',
      Tin: '302000003',
      Name: 'XK «Demo Logistika» (demo)',
      Director: 'Tursunov Bobur Olimovich',
    },
  };
  const organizationApi = () =>
    http.get('/api/DocumentOrganization/getOrgInfoByTin', ({ request }) => {
      const tin = new URL(request.url).searchParams.get('tin') ?? '';
      const party = parties[tin];
      return party
        ? HttpResponse.json({ success: true, data: party })
        : HttpResponse.json(
            { success: false, code: 'ORGANIZATION_NOT_FOUND', message: 'Не найдены' },
            { status: 404 },
          );
    });

  it('fills every requisite the server answers, in the party fields of the schema', async () => {
    server.use(organizationApi());
    const { last } = setup(partySchema, ui);
    await userEvent.type(input('root_SellerTin'), '302000002');
    await waitFor(() => expect(last().Seller?.Name).toBe('AJ «Demo Qurilish» (demo)'), { timeout: 3000 });
    expect(last().Seller).toEqual({
      Name: 'AJ «Demo Qurilish» (demo)',
      Account: '20208000900100000002',
      BankId: '00450',
      Address: 'Toshkent sh. (demo)',
      Director: 'Karimova Dilnoza Rustamovna',
      Accountant: 'Saidova Nodira (demo)',
      VatRegCode: '326020000002',
      VatRegStatus: 20,
    });
    expect(screen.getByText('Найдено: AJ «Demo Qurilish» (demo). Реквизиты заполнены.')).toBeInTheDocument();
  });

  it('says "not found" on 404 and the party stays open for typing by hand', async () => {
    server.use(organizationApi());
    const { last, onChange } = setup(partySchema, ui);
    await userEvent.type(input('root_SellerTin'), '399999999');
    await screen.findByText(
      'Организация с таким ИНН/ПИНФЛ не найдена. Заполните реквизиты вручную.',
      undefined,
      {
        timeout: 3000,
      },
    );
    expect(onChange.mock.calls.every(([data]) => (data as any).Seller?.Name === undefined)).toBe(true);
    await userEvent.type(input('root_Seller_Name'), 'ООО «Вручную»');
    await waitFor(() => expect(last().Seller?.Name).toBe('ООО «Вручную»'));
    expect(input('root_Seller_Name')).not.toHaveAttribute('readonly');
  });

  it('takes back what a lookup filled when the number changes to another party, keeping edits', async () => {
    server.use(organizationApi());
    const { last } = setup(partySchema, ui);
    await userEvent.type(input('root_SellerTin'), '302000002');
    await waitFor(() => expect(last().Seller?.Account).toBe('20208000900100000002'), { timeout: 3000 });
    await userEvent.clear(input('root_Seller_Address'));
    await userEvent.type(input('root_Seller_Address'), 'Samarqand (edited)');
    await userEvent.clear(input('root_SellerTin'));
    await userEvent.type(input('root_SellerTin'), '302000003');
    await waitFor(() => expect(last().Seller?.Name).toBe('XK «Demo Logistika» (demo)'), { timeout: 3000 });
    // Logistika has no account, MFO, accountant or VAT data: none of Qurilish's may stay.
    expect(last().Seller).toEqual({
      Name: 'XK «Demo Logistika» (demo)',
      Director: 'Tursunov Bobur Olimovich',
      Address: 'Samarqand (edited)',
    });
    // And a number nobody has leaves no one's requisites behind.
    await userEvent.clear(input('root_SellerTin'));
    await userEvent.type(input('root_SellerTin'), '399999999');
    await screen.findByText(
      'Организация с таким ИНН/ПИНФЛ не найдена. Заполните реквизиты вручную.',
      undefined,
      {
        timeout: 3000,
      },
    );
    expect(last().Seller).toEqual({ Address: 'Samarqand (edited)' });
  });

  it('fills and takes back the fields named after the TIN (an act: BuyerTin → BuyerName, BuyerBranchName), strings only', async () => {
    server.use(organizationApi());
    const actSchema: RJSFSchema = {
      type: 'object',
      properties: {
        BuyerTin: { type: 'string', pinflOrTin: true, title: 'ИНН' },
        BuyerName: { type: 'string', title: 'Наименование' },
        BuyerBranchName: { type: 'string', title: 'Филиал' },
        Note: { type: 'string', title: 'Примечание' },
      },
    } as RJSFSchema;
    // No fills: the schema says what the TIN fills.
    const { last } = setup(actSchema, { BuyerTin: { 'ui:widget': 'tinLookup' } }, { Note: 'keep' });
    await userEvent.type(input('root_BuyerTin'), '302000002');
    await waitFor(() => expect(last().BuyerName).toBe('AJ «Demo Qurilish» (demo)'), { timeout: 3000 });
    expect(last()).toEqual({ BuyerTin: '302000002', BuyerName: 'AJ «Demo Qurilish» (demo)', Note: 'keep' });
    await userEvent.clear(input('root_BuyerTin'));
    await userEvent.type(input('root_BuyerTin'), '399999999');
    await screen.findByText(
      'Организация с таким ИНН/ПИНФЛ не найдена. Заполните реквизиты вручную.',
      undefined,
      {
        timeout: 3000,
      },
    );
    // Another party's name must not stay beside this number; the rest of the document stays.
    expect(last().BuyerName).toBeUndefined();
    expect(last().Note).toBe('keep');
  });
});

describe('region and district selects', () => {
  it('lists the districts of the chosen region only', async () => {
    server.use(...referenceApi());
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        regionId: { type: 'integer', title: 'Область' },
        districtCode: { type: 'integer', title: 'Район' },
      },
    };
    const { last } = setup(schema, {
      regionId: { 'ui:widget': 'region' },
      districtCode: { 'ui:widget': 'district' },
    });
    const district = input('root_districtCode') as unknown as HTMLSelectElement;
    await waitFor(() => expect(district).toBeDisabled());
    const region = input('root_regionId') as unknown as HTMLSelectElement;
    await waitFor(() => expect(within(region).getAllByRole('option').length).toBeGreaterThan(14));
    await userEvent.selectOptions(region, 'Андижанская область');
    await waitFor(() => expect(last().regionId).toBe(3));
    await waitFor(() => expect(district).toBeEnabled());
    const names = within(district)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toContain('Алтынкульский район');
    expect(names).not.toContain('Юнусабадский район');
    await userEvent.selectOptions(district, 'Алтынкульский район');
    await waitFor(() => expect(last().districtCode).toBe(1703202));
  });
});

describe('classifier widget', () => {
  it('picks a code from the classifier and fills its name and package', async () => {
    server.use(...referenceApi());
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        Line: {
          type: 'object',
          title: 'Строка',
          properties: {
            CatalogCode: { type: 'string', title: 'Код ИКПУ' },
            CatalogName: { type: 'string', title: 'Название' },
            PackageCode: { type: 'string', title: 'Упаковка' },
            PackageName: { type: 'string', title: 'Название упаковки' },
          },
        },
      },
    };
    const { last } = setup(
      schema,
      { Line: { CatalogCode: { 'ui:widget': 'classifier' } } },
      { Line: { PackageCode: '' } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Выбрать из классификатора' }));
    const dialog = screen.getByRole('dialog', { name: 'Классификатор ИКПУ' });
    await userEvent.type(within(dialog).getByLabelText('Код или наименование'), 'чай');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: /00902001001031001/ }, { timeout: 3000 }),
    );
    await waitFor(() =>
      expect(last().Line).toMatchObject({
        CatalogCode: '00902001001031001',
        PackageCode: '1392342',
        PackageName: 'шт. (коробка) 100 грамм',
      }),
    );
    expect(last().Line.CatalogName).toMatch(/^Зеленый чай/);
  });
});

describe('form items, blocks and validation timing', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['Name', 'Doc'],
    properties: {
      Name: { type: 'string', title: 'forms:party.Name', minLength: 3 },
      Doc: {
        type: ['object', 'null'],
        title: 'Блок',
        properties: { No: { type: 'string', title: 'Номер' } },
      } as RJSFSchema,
    },
  };

  it('labels fields from i18n keys with the required asterisk, shows the first error only after leaving the field', async () => {
    setup(schema, { Doc: { 'ui:options': { nullable: true } } }, { Doc: null });
    const name = screen.getByLabelText(/Наименование/);
    expect(name.closest('.form-item')?.querySelector('.form-item-required')).not.toBeNull();
    await userEvent.type(name, 'ab');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(name);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Не менее 3 символов',
    );
  });

  it('keeps an unused block null (not {}) until added, and null again when removed', async () => {
    const { last } = setup(schema, { Doc: { 'ui:options': { nullable: true } } }, { Name: 'abc', Doc: null });
    await userEvent.click(screen.getByRole('button', { name: 'Заполнить блок «Блок»' }));
    await waitFor(() => expect(last().Doc).toEqual({}));
    await userEvent.type(input('root_Doc_No'), '7');
    await waitFor(() => expect(last().Doc).toEqual({ No: '7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Убрать блок «Блок»' }));
    await waitFor(() => expect(last().Doc).toBeNull());
  });

  it('the registration form validates on submit only', async () => {
    const { onSubmit } = setup(schema, {}, { Doc: null }, { validateOn: 'submit' });
    const name = screen.getByLabelText(/Наименование/);
    await userEvent.type(name, 'ab');
    fireEvent.blur(name);
    await new Promise((r) => setTimeout(r, 50));
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('view mode', () => {
  it('renders text, not disabled inputs', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        D: { type: 'string', title: 'Дата' },
        M: { type: 'number', title: 'Сумма' },
        S: { type: 'integer', title: 'Статус', enum: [20, 21] },
      },
    };
    render(
      <DocumentForm
        schema={schema}
        uiSchema={{
          D: { 'ui:widget': 'date' },
          M: { 'ui:widget': 'money' },
          S: { 'ui:enumNames': ['Активен', 'Неактивен'] },
        }}
        mode="view"
        initialData={{ D: '2025-05-15', M: 1234.5, S: 21 }}
      />,
    );
    expect(document.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(document.getElementById('root_D')).toHaveTextContent('15.05.2025');
    expect(document.getElementById('root_M')).toHaveTextContent('1 234,50');
    expect(document.getElementById('root_S')).toHaveTextContent('Неактивен');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
