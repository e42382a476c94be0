import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LANGS = ['ru', 'uz', 'en'] as const;
const load = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/interop.json`, 'utf8'));
const flatten = (node: any, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('the interop namespace', () => {
  it('has the same keys, none empty, in ru, uz and en (plural forms aside)', () => {
    const base = (lang: string) =>
      [...new Set(flatten(load(lang)).map((k) => k.replace(/_(one|few|many|other)$/, '')))].sort();
    const [ru, uz, en] = LANGS.map(base);
    expect(uz).toEqual(ru);
    expect(en).toEqual(ru);
    for (const lang of LANGS) {
      const bundle = load(lang);
      for (const key of ru)
        expect(
          key.split('.').reduce((n, p) => n?.[p], bundle),
          `${lang} ${key}`,
        ).not.toBe('');
    }
  });

  it('words every finding of the export check and every verdict a signer can get', () => {
    const keys = flatten(load('ru'));
    for (const keyword of ['blankBlock', 'minified', 'nationalId'])
      expect(keys).toContain(`export.${keyword}`);
    const codes = [
      'MALFORMED',
      'ALGORITHM_NOT_SUPPORTED',
      'BAD_SIGNATURE',
      'UNTRUSTED_CHAIN',
      'CERT_EXPIRED',
      'CERT_NOT_YET_VALID',
      'NO_IDENTITY',
      'TIMESTAMP_FAILED',
      'SERVER_UNAVAILABLE',
      'CONTENT_MISMATCH',
      'WRONG_SIGNER',
    ];
    for (const code of codes) expect(keys).toContain(`signature.${code}`);
    for (const match of ['tin', 'pinfl', 'member', 'named', 'unmatched'])
      expect(keys).toContain(`match.${match}`);
  });
});
