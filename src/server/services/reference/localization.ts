import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../engine/constants';

// Localization (spec §7): the interface texts of locales/{ru,uz,en}/<namespace>.json as the web app
// reads them, for integrators and translators. Read once from the files the server ships.

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../locales');

type Texts = Record<string, unknown>;
let cache: Record<Locale, Record<string, Texts>> | null = null;

function load(): Record<Locale, Record<string, Texts>> {
  if (cache) return cache;
  const out = {} as Record<Locale, Record<string, Texts>>;
  for (const lang of LOCALES) {
    out[lang] = {};
    const dir = path.join(LOCALES_DIR, lang);
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
      if (file.endsWith('.json'))
        out[lang][file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    }
  }
  cache = out;
  return out;
}

export function namespaces(): string[] {
  return Object.keys(load()[DEFAULT_LOCALE]);
}

/** A namespace's texts in a language (nested as in the file); null for an unknown namespace. */
export function valuesOf(lang: Locale, namespace: string): Texts | null {
  return load()[lang][namespace] ?? null;
}

function flatten(texts: Texts, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(texts)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Texts, key, out);
    else out.set(key, String(v));
  }
}

export interface TextRow {
  key: string;
  ru: string | null;
  uz: string | null;
  en: string | null;
}

/** Every text as `namespace:path` with its three translations; filtered by namespace and words. */
export function textRows(namespace?: string, search?: string): TextRow[] {
  const all = load();
  const rows: TextRow[] = [];
  for (const ns of namespace ? [namespace] : namespaces()) {
    const byLang = Object.fromEntries(
      LOCALES.map((lang) => {
        const map = new Map<string, string>();
        flatten(all[lang][ns] ?? {}, '', map);
        return [lang, map];
      }),
    ) as Record<Locale, Map<string, string>>;
    for (const key of byLang[DEFAULT_LOCALE].keys()) {
      rows.push({
        key: `${ns}:${key}`,
        ru: byLang.ru.get(key) ?? null,
        uz: byLang.uz.get(key) ?? null,
        en: byLang.en.get(key) ?? null,
      });
    }
  }
  const needle = search?.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) => [r.key, r.ru, r.uz, r.en].some((v) => v?.toLowerCase().includes(needle)));
}
