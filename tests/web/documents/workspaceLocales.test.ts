import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The workspace namespace has the same texts in ru, uz and en; plural forms follow each language's
// rules (ru: one, few, many, other; uz and en: one, other).

const LANGS = ['ru', 'uz', 'en'] as const;
const PLURALS: Record<(typeof LANGS)[number], string[]> = {
  ru: ['few', 'many', 'one', 'other'],
  uz: ['one', 'other'],
  en: ['one', 'other'],
};
const SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('workspace texts', () => {
  const keys = Object.fromEntries(
    LANGS.map((lang) => [lang, flatten(JSON.parse(readFileSync(`locales/${lang}/workspace.json`, 'utf8')))]),
  ) as Record<(typeof LANGS)[number], string[]>;

  it('has the same keys in every language (plural forms aside)', () => {
    const base = (list: string[]) => [...new Set(list.map((k) => k.replace(SUFFIX, '')))].sort();
    expect(base(keys.uz)).toEqual(base(keys.ru));
    expect(base(keys.en)).toEqual(base(keys.ru));
  });

  it('has every plural form a language needs, and no other', () => {
    for (const lang of LANGS) {
      const forms = new Map<string, string[]>();
      for (const key of keys[lang]) {
        const match = SUFFIX.exec(key);
        if (!match) continue;
        const base = key.replace(SUFFIX, '');
        forms.set(base, [...(forms.get(base) ?? []), match[1]]);
      }
      for (const [base, found] of forms) expect(found.sort(), `${lang} ${base}`).toEqual(PLURALS[lang]);
    }
  });
});
