import measures from '../../../data/measures.json';
import type { Locale } from '../constants';

// Names of reference codes for printed forms: a line's MeasureId "796" prints as "Штука". The
// bundled ОКЕИ list (data/measures.json) is the one the reference tables are seeded from; the units
// are a national standard that does not change between deployments.

/** The reference lists a print column may name its codes from (print.json `names`). */
export const REFERENCE_LISTS = ['measures'] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

type Named = Record<Locale, string>;

const byCode: Record<ReferenceList, Map<string, Named>> = {
  measures: new Map(measures.map((m) => [m.code, { ru: m.name_ru, uz: m.name_uz_latn, en: m.name_en }])),
};

/** The name of `code` in `list`, in the language; the code itself when the list does not know it. */
export function referenceName(list: ReferenceList, code: string, lang: Locale): string {
  return byCode[list].get(code)?.[lang] ?? code;
}
