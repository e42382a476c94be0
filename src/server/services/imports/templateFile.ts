// The downloadable template of a kind: the column titles in one language and the sample rows.
import type { Locale } from '../../../engine/constants';
import { translate } from '../../i18n';
import { columnTitle, templateColumns, templateOf } from './templates';
import { writeWorkbook } from './workbook';

export function templateWorkbook(kind: string, lang: Locale): { name: string; body: Buffer } {
  const template = templateOf(kind);
  const header = templateColumns(template).map((c) => columnTitle(c, lang));
  const body = writeWorkbook(translate(lang, 'bulk:import.sheetName'), header, template.sample);
  return { name: `hujjat-import-${kind}-${lang}.xlsx`, body };
}
