import { tokenize } from '../../catalogue/searchText';
import type { MxikItem } from './types';

/**
 * Russian writes ё as е as often as not ("зеленый" / "зелёный"). Names are indexed in both forms and
 * queries are searched in the е form, so either spelling finds either. (Uzbek Cyrillic ё — yo — gets
 * its е form indexed too, and its Latin "yo" stays searchable from the Latin name.)
 */
export const foldYo = (text: string) => text.replace(/ё/g, 'е').replace(/Ё/g, 'Е');

/**
 * The words a classifier code is found by: every word of its three names, normalized as the
 * catalogue normalizes (lower case, Uzbek Cyrillic in Latin, no apostrophes), and its GTIN.
 */
export function mxikTokens(item: MxikItem): string {
  const text = [item.nameRu, item.nameUzLatn, item.nameUzCyrl, item.internationalCode]
    .filter(Boolean)
    .join(' ');
  const words = new Set(tokenize(text));
  if (/[ёЁ]/.test(text)) for (const word of tokenize(foldYo(text))) words.add(word);
  return [...words].join(' ');
}
