import fixture from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import invoiceSchema from '../../../schemas/documents/invoice/schema.json';
import { computeLine, type LineMapping } from '../../../src/engine/lines';

const MAPPING = invoiceSchema.properties.ProductList.properties.Products.lineArithmetic as LineMapping;

/** What a line carries when every column is open (excise, benefit, committent, pharmacy, short name; marks per line below). */
const EVERY_COLUMN = {
  ShortName: 'Short name',
  Serial: 'S-2025',
  BaseSumma: 900,
  ProfitRate: 10,
  DispenseType: 2,
  ExciseRate: 100,
  ExciseSum: 200,
  LgotaId: 990000000101,
  LgotaName: 'Demo benefit',
  LgotaType: 1,
  CommittentTin: '302000003',
  CommittentName: 'Demo committent',
  CommittentVatRegCode: '326020000003',
};

/** A transport package's SSCC (AI 00 + 18 digits with the GS1 check digit), one per line: no code twice. */
function sscc(n: number): string {
  const base = `04780083${String(n).padStart(9, '0')}`;
  const sum = [...base].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `00${base}${(10 - (sum % 10)) % 10}`;
}

/**
 * A valid invoice with n product lines (deterministic), built on the first valid fixture's header.
 * The bench runner writes it as invoice-<n>.json; both pages fetch it (fetchInvoice), as the app
 * receives a document from the server, so they render exactly the same data.
 */
export function makeInvoice(n: number, everyColumn = false) {
  const lines = Array.from({ length: n }, (_, i) =>
    computeLine(
      {
        OrdNo: i + 1,
        CatalogCode: i % 2 ? '10112008001000001' : '00902001001031001',
        CatalogName: i % 2 ? 'Транспортно-логистические услуги' : 'Зеленый чай',
        Name: `Product ${i + 1}`,
        Barcode: '',
        PackageCode: i % 2 ? '1209782' : '1392342',
        PackageName: i % 2 ? 'услуга (сум)' : 'шт. (коробка) 100 грамм',
        Count: (i % 7) + 1,
        Summa: 1000 + (i % 13) * 250.5,
        DeliverySum: 0,
        VatRate: 12,
        VatSum: 0,
        DeliverySumWithVat: 0,
        WithoutVat: false,
        Origin: (i % 4) + 1,
        ...(everyColumn ? { ...EVERY_COLUMN, Marks: { ProductType: 1, IdentTransUpak: [sscc(i)] } } : {}),
      },
      MAPPING,
    ),
  );
  // Every flag of the invoice table's "opens" ticked: every column shown.
  const flags = everyColumn ? { HasExcise: true, HasLgota: true, HasCommittent: true, HasMedical: true } : {};
  return {
    ...fixture,
    ...(everyColumn ? { HasMarking: true } : {}),
    ProductList: { ...fixture.ProductList, ...flags, Products: lines },
  };
}
