// Search normalization done in the application, identical for stored text and queries, because
// PGlite's lower() folds ASCII only and pg_trgm is not available there. Uzbek Cyrillic is
// transliterated to Latin so "антисептик", "ANTISEPTIK" and "Antiseptik" all meet.

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ғ: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  қ: 'q',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'o',
  ф: 'f',
  х: 'x',
  ҳ: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

/** Lower case, Latin script, letters and digits separated by single spaces. */
export function normalizeSearch(text: string): string {
  let mapped = '';
  for (const ch of text.normalize('NFC').toLowerCase()) mapped += CYRILLIC_TO_LATIN[ch] ?? ch;
  return mapped
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents: é → e, and the marks left by NFKD
    .replace(/[ʻʼ'‘’`´]/g, '') // o‘zbek, g'isht: the apostrophe belongs to the letter
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Distinct words of a text, as stored in the tokens column and the vocabulary. */
export function tokenize(text: string): string[] {
  const normalized = normalizeSearch(text);
  return normalized ? [...new Set(normalized.split(' '))] : [];
}
