import type { TFunction } from 'i18next';
import { PRODUCT_IMPORT_COLUMNS } from '../../../engine/productImportColumns';

/**
 * Builds the product-lines Excel template. Each header is the localized name followed by the national
 * field name in brackets ("Количество [Count]"), so the importer maps columns whatever the language.
 */
export async function buildProductTemplate(t: TFunction): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const header = PRODUCT_IMPORT_COLUMNS.map((c) => `${t(c.label)} [${c.key}]`);
  const sheet = XLSX.utils.aoa_to_sheet([header]);
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(14, h.length + 2) }));
  const notes = XLSX.utils.aoa_to_sheet([
    [t('template.notesTitle')],
    ...PRODUCT_IMPORT_COLUMNS.map((c) => [
      `${t(c.label)} [${c.key}]`,
      c.required ? t('template.required') : t('template.optional'),
    ]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Products');
  XLSX.utils.book_append_sheet(book, notes, 'Notes');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

export function downloadBlob(data: BlobPart, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
