import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { partyFillAt } from '../../../src/engine/ui/parties';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { mergeParty } from '../../../src/web/form/widgets/partyLookup';
import { referenceApi } from './referenceApi';

// The look-up behaviour of the reference widgets: the party look-up fills every requisite the server
// answers (and shows what the form has no field for), the classifier picker searches the server's
// classifier with the company's own products first, packages, measures, countries and banks come
// from the reference API.

const server = setupServer();
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      throw new Error(`unhandled ${request.method} ${request.url}`);
    },
  }),
);
afterEach(async () => {
  server.resetHandlers();
  await i18next.changeLanguage('ru');
});
afterAll(() => server.close());

function setup(schema: RJSFSchema, uiSchema: UiSchema, initialData?: unknown, idPrefix?: string) {
  const onChange = vi.fn<(data: unknown) => void>();
  // A fresh cache per test: one test's answers must not serve another's.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DocumentForm
        schema={schema}
        uiSchema={uiSchema}
        mode="create"
        initialData={initialData}
        onChange={onChange}
        onSubmit={vi.fn()}
        idPrefix={idPrefix}
      />
    </QueryClientProvider>,
  );
  return { last: () => onChange.mock.calls.at(-1)?.[0] as Record<string, any> };
}
const input = (id: string) => document.getElementById(id) as HTMLInputElement;

/** What DocumentOrganization/getOrgInfoByTin answers for a demo counterparty of the registry. */
const FARM = {
  TinOrPinfl: '305000001',
  Tin: '305000001',
  Name: 'MChJ «Demo Farm Savdo» (demo)',
  TaxpayerType: 20,
  VatRegCode: '326050000001',
  VatRegStatus: 20,
  Account: '20208000100400000011',
  BankId: '09001',
  BankName: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
  Oked: '46460',
  Address: "Toshkent sh., Mirobod tumani, Demo ko'chasi 11 (demo)",
  RegionId: 26,
  RegionName: 'город Ташкент',
  DistrictId: '2601',
  DistrictName: 'Мирабадский район',
  Director: 'Qodirov Sherzod Bahodirovich (demo)',
  Accountant: 'Usmonova Dildora Karimovna (demo)',
  Source: 'registry',
  IsDemo: true,
};
const partyApi = (party: Record<string, unknown>) =>
  http.get('/api/DocumentOrganization/getOrgInfoByTin', () =>
    HttpResponse.json({ success: true, data: party }),
  );

describe('party look-up', () => {
  const invoiceParty: Record<string, RJSFSchema> = {
    Name: { type: 'string' },
    VatRegCode: { type: 'string' },
    VatRegStatus: { type: ['integer', 'null'] },
    Account: { type: 'string' },
    BankId: { type: 'string' },
    Address: { type: 'string' },
    Oked: { type: 'string' },
    DistrictId: { type: 'string' },
    Director: { type: 'string' },
    Accountant: { type: 'string' },
  };

  it('fills every requisite of the invoice party and names the taxpayer type, bank and district beside it', async () => {
    server.use(partyApi(FARM));
    const { last } = setup(
      {
        type: 'object',
        properties: { BuyerTin: { type: 'string' }, Buyer: { type: 'object', properties: invoiceParty } },
      },
      { BuyerTin: { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'Buyer' } } },
    );
    await userEvent.type(input('root_BuyerTin'), '305000001');
    await waitFor(() => expect(last().Buyer?.Name).toBe(FARM.Name), { timeout: 3000 });
    expect(last().Buyer).toEqual({
      Name: FARM.Name,
      VatRegCode: FARM.VatRegCode,
      VatRegStatus: 20,
      Account: FARM.Account,
      BankId: '09001',
      Address: FARM.Address,
      Oked: '46460',
      DistrictId: '2601',
      Director: FARM.Director,
      Accountant: FARM.Accountant,
    });
    const hint = document.getElementById('root_BuyerTin__lookup')!;
    await waitFor(() => expect(hint).toHaveTextContent('банк: DEMO MILLIY BANK AJ BOSH OFISI (demo)'));
    expect(hint).toHaveTextContent('Плательщик НДС+ (сертификат активный)');
    expect(hint).toHaveTextContent('Мирабадский район');
    expect(hint).toHaveTextContent('(демо-данные)');
  });

  it('fills a party whose TIN sits inside it, in that kind’s field names (AccountNumber, BankMfo)', async () => {
    server.use(partyApi(FARM));
    const { last } = setup(
      {
        type: 'object',
        properties: {
          Seller: {
            type: 'object',
            properties: {
              TinOrPinfl: { type: 'string' },
              TaxpayerType: { type: ['integer', 'null'] },
              Name: { type: 'string' },
              AccountNumber: { type: 'string' },
              BankMfo: { type: 'string' },
              Director: { type: 'string' },
            },
          },
        },
      },
      { Seller: { TinOrPinfl: { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'Seller' } } } },
    );
    await userEvent.type(input('root_Seller_TinOrPinfl'), '305000001');
    await waitFor(() => expect(last().Seller?.Name).toBe(FARM.Name), { timeout: 3000 });
    expect(last().Seller).toEqual({
      TinOrPinfl: '305000001',
      TaxpayerType: 20,
      Name: FARM.Name,
      AccountNumber: FARM.Account,
      BankMfo: '09001',
      Director: FARM.Director,
    });
  });

  it('says when the tax registry did not answer and only the registered requisites were filled', async () => {
    server.use(
      partyApi({
        TinOrPinfl: '302000002',
        Name: 'AJ «Demo Qurilish» (demo)',
        Source: 'registered',
        RegistryUnavailable: true,
      }),
    );
    setup(
      {
        type: 'object',
        properties: { BuyerTin: { type: 'string' }, Buyer: { type: 'object', properties: invoiceParty } },
      },
      { BuyerTin: { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'Buyer' } } },
    );
    await userEvent.type(input('root_BuyerTin'), '302000002');
    await screen.findByText(/Налоговая не ответила/, undefined, { timeout: 3000 });
  });

  it('merge rules: aliases, case-insensitive names, only the schema’s fields; the target object', () => {
    expect(
      mergeParty({ Address: 'typed' }, { account: '1', BankId: '09001', Extra: 'x' }, [
        'AccountNumber',
        'BankMfo',
        'Address',
      ]),
    ).toEqual({
      Address: 'typed',
      AccountNumber: '1',
      BankMfo: '09001',
    });
    const party = { type: 'object', properties: { Name: { type: 'string' } } };
    const root = {
      type: 'object',
      properties: {
        SellerTin: { type: 'string' },
        Seller: { type: 'object', properties: { TinOrPinfl: { type: 'string' }, Name: { type: 'string' } } },
        Parties: {
          type: 'object',
          properties: {
            Buyer: { type: 'object', properties: { Tin: { type: 'string' }, BuyerInfo: party } },
          },
        },
      },
    };
    expect(partyFillAt(root, ['Seller', 'TinOrPinfl'], 'Seller')?.object).toEqual([]);
    expect(partyFillAt(root, ['SellerTin'], 'Seller')?.object).toEqual(['Seller']);
    expect(partyFillAt(root, ['Parties', 'Buyer', 'Tin'], 'BuyerInfo')?.object).toEqual(['BuyerInfo']);
  });
});

describe('classifier picker', () => {
  const lineSchema: RJSFSchema = {
    type: 'object',
    properties: {
      Line: {
        type: 'object',
        properties: {
          CatalogCode: { type: 'string' },
          CatalogName: { type: 'string' },
          Name: { type: 'string' },
          PackageCode: { type: 'string' },
          PackageName: { type: 'string' },
        },
      },
    },
  };
  const lineUi = {
    Line: { CatalogCode: { 'ui:widget': 'classifier' }, PackageCode: { 'ui:widget': 'package' } },
  };
  const demoCodes = Array.from({ length: 25 }, (_, i) => ({
    code: `0220100200100${String(i + 1).padStart(4, '0')}`,
    name: `Вода питьевая, объём 0,5 л, DemoBrand-${i + 1} (demo)`,
    label: false,
    isDemo: true,
    packages: [
      { code: '9000001', name: 'шт (бутылка)', packageType: '1' },
      { code: '9000002', name: 'литр', packageType: '2' },
    ],
  }));

  async function openPicker() {
    await userEvent.click(screen.getByRole('button', { name: 'Выбрать из классификатора' }));
    return screen.getByRole('dialog', { name: 'Классификатор ИКПУ' });
  }

  it('offers the company’s own products first; picking one fills its name too', async () => {
    server.use(
      ...referenceApi({
        ownProducts: [
          {
            id: 'p1',
            name: 'Antiseptik 50 ml',
            catalogCode: '03304020001027003',
            catalogName: 'Антисептик для рук',
            packageCode: '1309398',
            packageName: 'шт (флакон) 50 миллилитр',
          },
        ],
      }),
    );
    const { last } = setup(lineSchema, lineUi, { Line: {} });
    const dialog = await openPicker();
    const own = await within(dialog).findByRole(
      'region',
      { name: 'Товары вашей организации' },
      { timeout: 3000 },
    );
    await userEvent.click(within(own).getByRole('button', { name: /Antiseptik 50 ml/ }));
    await waitFor(() =>
      expect(last().Line).toEqual({
        CatalogCode: '03304020001027003',
        CatalogName: 'Антисептик для рук',
        Name: 'Antiseptik 50 ml',
        PackageCode: '1309398',
        PackageName: 'шт (флакон) 50 миллилитр',
      }),
    );
  });

  it('marks demo codes, pages with "show more", and asks for the package of a code that has several', async () => {
    server.use(...referenceApi({ extraCodes: demoCodes }));
    const { last } = setup(lineSchema, lineUi, { Line: {} });
    const dialog = await openPicker();
    await userEvent.type(within(dialog).getByLabelText('Код или наименование'), 'вода');
    await within(dialog).findByText('Найдено кодов: 25', undefined, { timeout: 3000 });
    expect(within(dialog).getByRole('note')).toHaveTextContent('Демо-данные');
    expect(within(dialog).getAllByText('демо')).toHaveLength(20);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Показать ещё (20 из 25)' }));
    await waitFor(() => expect(within(dialog).getAllByText('демо')).toHaveLength(25));
    await userEvent.click(within(dialog).getByRole('button', { name: /02201002001000025/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '9000002 — литр' }));
    await waitFor(() =>
      expect(last().Line).toMatchObject({
        CatalogCode: '02201002001000025',
        PackageCode: '9000002',
        PackageName: 'литр',
      }),
    );
  });

  it('says so when the classifier cannot be searched', async () => {
    server.use(
      http.get('/api/Document/getProductsClassifier', () =>
        HttpResponse.json({ message: 'down' }, { status: 503 }),
      ),
      ...referenceApi(),
    );
    setup(lineSchema, lineUi, { Line: {} });
    const dialog = await openPicker();
    await within(dialog).findByText(
      'Поиск по классификатору сейчас недоступен. Введите код вручную.',
      undefined,
      { timeout: 3000 },
    );
  });

  it('the package field offers the code’s packages and a chosen one brings its name', async () => {
    server.use(...referenceApi());
    const { last } = setup(lineSchema, lineUi, { Line: { CatalogCode: '03304020001027003' } });
    await waitFor(() => expect(document.getElementById('root_Line_PackageCode__packages')).not.toBeNull(), {
      timeout: 3000,
    });
    const options = document.querySelectorAll('#root_Line_PackageCode__packages option');
    expect([...options].map((o) => (o as HTMLOptionElement).value)).toEqual(['1309398']);
    await userEvent.type(input('root_Line_PackageCode'), '1309398');
    await waitFor(() =>
      expect(last().Line).toMatchObject({ PackageCode: '1309398', PackageName: 'шт (флакон) 50 миллилитр' }),
    );
  });
});

describe('measure, country and bank fields', () => {
  it('measures and countries are named in the person’s language and store their codes', async () => {
    server.use(...referenceApi());
    await i18next.changeLanguage('uz');
    const { last } = setup(
      {
        type: 'object',
        properties: { MeasureId: { type: ['string', 'null'] }, CountryId: { type: 'string' } },
      },
      { MeasureId: { 'ui:widget': 'measure' }, CountryId: { 'ui:widget': 'country' } },
    );
    const measure = input('root_MeasureId') as unknown as HTMLSelectElement;
    await waitFor(() =>
      expect(within(measure).getByRole('option', { name: 'Kilogramm (kg)' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(measure, 'Kilogramm (kg)');
    await waitFor(() => expect(last().MeasureId).toBe('166'));
    const country = input('root_CountryId') as unknown as HTMLSelectElement;
    await waitFor(() =>
      expect(within(country).getByRole('option', { name: "O'zbekiston" })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(country, "O'zbekiston");
    await waitFor(() => expect(last().CountryId).toBe('UZ'));
  });

  it('the MFO field names the bank, or says the directory has no such MFO', async () => {
    server.use(
      ...referenceApi({
        banks: [
          {
            mfo: '09001',
            name: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
            headName: null,
            isActive: true,
            isDemo: true,
          },
        ],
      }),
    );
    setup(
      { type: 'object', properties: { BankId: { type: 'string' } } },
      { BankId: { 'ui:widget': 'bank' } },
    );
    await userEvent.type(input('root_BankId'), '0900a1');
    expect(input('root_BankId').value).toBe('09001');
    const hint = document.getElementById('root_BankId__bank')!;
    await waitFor(() => expect(hint).toHaveTextContent('DEMO MILLIY BANK AJ BOSH OFISI (demo)'));
    await userEvent.clear(input('root_BankId'));
    await userEvent.type(input('root_BankId'), '00001');
    await waitFor(() => expect(hint).toHaveTextContent('Такого МФО нет в справочнике банков'));
  });

  it('region and district in a form with its own id prefix (the requisites page’s "company")', async () => {
    server.use(...referenceApi());
    const { last } = setup(
      {
        type: 'object',
        properties: { RegionId: { type: ['integer', 'null'] }, DistrictId: { type: ['integer', 'null'] } },
      },
      {
        RegionId: { 'ui:widget': 'region' },
        DistrictId: { 'ui:widget': 'district', 'ui:options': { region: 'RegionId' } },
      },
      { RegionId: 26, DistrictId: 1726294 },
      'company',
    );
    const district = input('company_DistrictId') as unknown as HTMLSelectElement;
    // The district of the stored region is named, not shown as its bare code, and the list is open.
    await waitFor(() =>
      expect(within(district).getByRole('option', { name: 'Чиланзарский район' })).toBeInTheDocument(),
    );
    expect(district).toBeEnabled();
    expect(district.selectedOptions[0]?.textContent).toBe('Чиланзарский район');
    await userEvent.selectOptions(district, 'Юнусабадский район');
    await waitFor(() => expect(last().DistrictId).toBe(1726266));
  });

  it('the invoice party’s DistrictId (no region field): suggestions by name, the code named, free entry kept', async () => {
    server.use(...referenceApi());
    const { last } = setup(
      {
        type: 'object',
        properties: {
          Seller: { type: 'object', properties: { DistrictId: { type: 'string', maxLength: 10 } } },
        },
      },
      {
        Seller: {
          DistrictId: { 'ui:widget': 'district', 'ui:options': { valueKey: 'districtId', anyRegion: true } },
        },
      },
    );
    const field = input('root_Seller_DistrictId');
    const list = document.getElementById(field.getAttribute('list') ?? '') as HTMLDataListElement;
    await waitFor(() => expect(list.querySelector('option[value="2606"]')).not.toBeNull());
    expect(list.querySelector('option[value="2606"]')?.getAttribute('label')).toBe(
      'Чиланзарский район, город Ташкент',
    );
    // Only districts whose tax code is public are offered.
    for (const option of list.querySelectorAll('option')) expect(option.value).toMatch(/^\d{4}$/);
    await userEvent.type(field, '2606');
    await waitFor(() => expect(last().Seller.DistrictId).toBe('2606'));
    expect(screen.getByTestId('district-name')).toHaveTextContent('Чиланзарский район, город Ташкент');
    // A code of a region whose codes are not published is typed as it is.
    await userEvent.clear(field);
    await userEvent.type(field, '1401');
    await waitFor(() => expect(last().Seller.DistrictId).toBe('1401'));
    expect(screen.queryByTestId('district-name')).toBeNull();
  });
});
