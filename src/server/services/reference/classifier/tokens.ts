import { tokenize } from '../../catalogue/searchText';
import type { MxikItem } from './types';

/**
 * The words a classifier code is found by: every word of its three names, normalized as the
 * catalogue normalizes (lower case, Uzbek Cyrillic in Latin, no apostrophes), and its GTIN.
 */
export function mxikTokens(item: MxikItem): string {
  const text = [item.nameRu, item.nameUzLatn, item.nameUzCyrl, item.internationalCode]
    .filter(Boolean)
    .join(' ');
  return tokenize(text).join(' ');
}
