// Columns of the product-lines Excel template (help page download): the invoice product table's
// declared columns (schemas/documents/invoice/ui.json "columns", flag columns included) less the line
// number and what the table computes, titled by the line schema's titles (namespace forms). The
// product table's .xlsx import reads the same headers ("Количество [Count]"), so every column of the
// form can be filled from the template.
import productLine from '../../schemas/defs/productLine.json';
import invoiceUi from '../../schemas/documents/invoice/ui.json';

export interface ProductImportColumn {
  key: string;
  /** i18n key of the header (the line field's title). */
  label: string;
  required: boolean;
}

interface TableOptions {
  columns?: string[];
  computed?: string[];
  opens?: Record<string, string[]>;
}

export function productImportColumns(
  options: TableOptions,
  line: { required?: string[]; properties: Record<string, { title?: string }> },
): ProductImportColumn[] {
  const computed = new Set(options.computed ?? []);
  const opened = new Set(Object.values(options.opens ?? {}).flat());
  const required = new Set(line.required ?? []);
  return (options.columns ?? [])
    .filter((key) => key !== 'OrdNo' && !computed.has(key) && line.properties[key])
    .map((key) => ({
      key,
      label: line.properties[key].title ?? key,
      required: required.has(key) && !opened.has(key),
    }));
}

export const PRODUCT_IMPORT_COLUMNS: readonly ProductImportColumn[] = productImportColumns(
  invoiceUi.ProductList.Products['ui:options'] as TableOptions,
  productLine as { required: string[]; properties: Record<string, { title?: string }> },
);
