import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The settings and access namespaces have the same texts in ru, uz and en (plural forms by each
// language's rules: ru one, few, many, other; uz and en one, other), and every literal key the
// settings screens ask for exists.

const LANGS = ['ru', 'uz', 'en'] as const;
const PLURALS: Record<(typeof LANGS)[number], string[]> = {
  ru: ['few', 'many', 'one', 'other'],
  uz: ['one', 'other'],
  en: ['one', 'other'],
};
const SUFFIX = /_(zero|one|two|few|many|other)$/;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));

function flatten(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe.each(['settings', 'access'])('%s texts', (ns) => {
  const keys = Object.fromEntries(LANGS.map((lang) => [lang, flatten(load(lang, ns))])) as Record<
    (typeof LANGS)[number],
    string[]
  >;

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
        if (match)
          forms.set(key.replace(SUFFIX, ''), [...(forms.get(key.replace(SUFFIX, '')) ?? []), match[1]]);
      }
      for (const [base, found] of forms) expect(found.sort(), `${lang} ${base}`).toEqual(PLURALS[lang]);
    }
  });

  it('has no empty text', () => {
    for (const lang of LANGS) {
      const bundle = load(lang, ns);
      for (const key of keys[lang]) {
        const value = key.split('.').reduce((node: any, part) => node?.[part], bundle);
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${ns}:${key}`).toBe(true);
      }
    }
  });
});

describe('settings screens', () => {
  it('ask only for keys that exist (in every language)', () => {
    const sources = [...files('src/web/pages/settings'), 'src/web/pages/system/BalancePage.tsx'];
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      // A file's first useTranslation namespace is the one its plain keys live in.
      const ns = /useTranslation\(\s*\[?\s*'(\w+)'/.exec(text)?.[1] ?? 'settings';
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.:]*)'/g)) {
        used.add(match[1].includes(':') ? match[1] : `${ns}:${match[1]}`);
      }
    }
    expect(used.size).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const lang of LANGS) {
      for (const key of used) {
        const [ns, rest] = key.split(':');
        const bundle = load(lang, ns);
        const find = (k: string) => k.split('.').reduce((node: any, part) => node?.[part], bundle);
        const found =
          typeof find(rest) === 'string' ||
          PLURALS[lang].some((form) => typeof find(`${rest}_${form}`) === 'string');
        if (!found) missing.push(`${lang} ${ns}:${rest}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
