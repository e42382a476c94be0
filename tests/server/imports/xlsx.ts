// Test files for the Excel import: workbooks built in memory and a multipart body for app.inject.
import * as XLSX from 'xlsx';

export function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export function multipart(file: Buffer, fileName = 'invoices.xlsx') {
  const boundary = '----hujjat-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Invoice columns by field, with the Russian titles of the downloaded template. */
export const INVOICE_TITLES: Record<string, string> = {
  FacturaNo: 'Номер счёта-фактуры',
  FacturaDate: 'Дата счёта-фактуры',
  ContractNo: 'Номер договора',
  ContractDate: 'Дата договора',
  BuyerTin: 'ИНН/ПИНФЛ покупателя',
  CatalogCode: 'Код ИКПУ',
  CatalogName: 'Наименование по ИКПУ',
  Name: 'Наименование',
  PackageCode: 'Код упаковки',
  PackageName: 'Упаковка',
  Count: 'Количество',
  Summa: 'Цена',
  VatRate: 'Ставка НДС',
  Origin: 'Происхождение товара',
};
export const INVOICE_HEADER = Object.keys(INVOICE_TITLES);
export const invoiceHeaderRow = () => INVOICE_HEADER.map((k) => INVOICE_TITLES[k]);

export function invoiceLine(no: string, over: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = {
    FacturaNo: no,
    FacturaDate: '2026-11-20',
    ContractNo: '12/2026',
    ContractDate: '2026-01-10',
    BuyerTin: '302000002',
    CatalogCode: '00902001001031001',
    CatalogName: 'Зеленый чай развесной',
    Name: 'Akbar Gold 100 g',
    PackageCode: '1392342',
    PackageName: 'шт.',
    Count: 10,
    Summa: 12500.5,
    VatRate: 12,
    Origin: 2,
    ...over,
  };
  return INVOICE_HEADER.map((h) => base[h]);
}
