import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(__dirname, '../../locales');
const LANGS = ['ru', 'uz', 'en'];

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = v;
  }
  return out;
}

const namespaces = [...new Set(LANGS.flatMap((l) => fs.readdirSync(path.join(dir, l))))].filter((f) =>
  f.endsWith('.json'),
);

describe('locales', () => {
  it('has namespaces', () => {
    expect(namespaces).toContain('common.json');
  });
  for (const ns of namespaces) {
    it(`${ns}: the same keys in ru, uz and en, none empty, same interpolation variables`, () => {
      const flat = Object.fromEntries(
        LANGS.map((l) => {
          const file = path.join(dir, l, ns);
          expect(fs.existsSync(file), `${l}/${ns} exists`).toBe(true);
          return [l, flatten(JSON.parse(fs.readFileSync(file, 'utf8')))];
        }),
      );
      const ruKeys = Object.keys(flat.ru).sort();
      for (const l of ['uz', 'en']) {
        expect(Object.keys(flat[l]).sort(), `${l}/${ns} keys`).toEqual(ruKeys);
      }
      for (const l of LANGS) {
        for (const [k, v] of Object.entries(flat[l])) {
          expect(typeof v === 'string' && v.trim() !== '', `${l}/${ns}: ${k} is a non-empty string`).toBe(
            true,
          );
        }
      }
      const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
      for (const k of ruKeys) {
        for (const l of ['uz', 'en'])
          expect(vars(flat[l][k]), `${l}/${ns}: ${k} variables`).toEqual(vars(flat.ru[k]));
      }
    });
  }
});
