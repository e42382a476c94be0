import fixture from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { computeLine } from '../../../src/engine/lines';

/**
 * A valid invoice with n product lines (deterministic), built on the first valid fixture's header.
 * The bench runner writes it as invoice-<n>.json; both pages fetch it (fetchInvoice), as the app
 * receives a document from the server, so they render exactly the same data.
 */
export function makeInvoice(n: number) {
  const lines = Array.from({ length: n }, (_, i) =>
    computeLine({
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
    }),
  );
  return { ...fixture, ProductList: { ...fixture.ProductList, Products: lines } };
}
