// Columns of the product-lines Excel template (help page download) and of the product table's
// .xlsx import. Keys are the national product-line field names; labels are i18n keys in `common`.
export const PRODUCT_IMPORT_COLUMNS = [
  { key: 'CatalogCode', label: 'template.columns.catalogCode', required: true },
  { key: 'CatalogName', label: 'template.columns.catalogName', required: false },
  { key: 'Name', label: 'template.columns.name', required: true },
  { key: 'Barcode', label: 'template.columns.barcode', required: false },
  { key: 'MeasureId', label: 'template.columns.measureId', required: false },
  { key: 'PackageCode', label: 'template.columns.packageCode', required: false },
  { key: 'Count', label: 'template.columns.count', required: true },
  { key: 'Summa', label: 'template.columns.price', required: true },
  { key: 'VatRate', label: 'template.columns.vatRate', required: true },
  { key: 'LgotaId', label: 'template.columns.lgotaId', required: false },
  { key: 'Origin', label: 'template.columns.origin', required: true },
] as const;
