import type { Locale } from '../../../engine/constants';

/** Names of a reference row in the three scripts (and English where the source has it). */
export interface LocalNames {
  nameRu: string | null;
  nameUzLatn: string | null;
  nameUzCyrl: string | null;
  nameEn?: string | null;
}

/**
 * The name to show in a language: Uzbek reads Latin, then Cyrillic; English reads English, then
 * Uzbek Latin (places have no English names in the public sources); Russian reads Russian.
 */
export function localName(names: LocalNames, lang: Locale): string {
  const order =
    lang === 'uz'
      ? [names.nameUzLatn, names.nameUzCyrl, names.nameRu]
      : lang === 'en'
        ? [names.nameEn, names.nameUzLatn, names.nameRu]
        : [names.nameRu, names.nameUzLatn, names.nameUzCyrl];
  return order.find((n) => n?.trim()) ?? '';
}
