import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../engine/constants';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function loadResources(dir: string) {
  const resources: Record<string, Record<string, unknown>> = {};
  const namespaces = new Set<string>();
  for (const lang of LOCALES) {
    resources[lang] = {};
    const langDir = path.join(dir, lang);
    if (!fs.existsSync(langDir)) continue;
    for (const file of fs.readdirSync(langDir)) {
      if (!file.endsWith('.json')) continue;
      const ns = file.slice(0, -5);
      namespaces.add(ns);
      resources[lang][ns] = JSON.parse(fs.readFileSync(path.join(langDir, file), 'utf8'));
    }
  }
  return { resources, namespaces: [...namespaces] };
}

let instance: i18n | null = null;

function getInstance(): i18n {
  if (instance) return instance;
  const { resources, namespaces } = loadResources(LOCALES_DIR);
  const inst = i18next.createInstance();
  inst.init({
    resources: resources as any,
    ns: namespaces,
    defaultNS: 'errors',
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance = inst;
  return inst;
}

/** Texts added at run time to a namespace (a check rule read outside the build: tests). */
export function addTranslations(ns: string, byLang: Partial<Record<Locale, Record<string, unknown>>>) {
  const inst = getInstance();
  for (const [lang, texts] of Object.entries(byLang)) inst.addResourceBundle(lang, ns, texts, true, true);
}

export function translate(lang: Locale, key: string, params?: Record<string, unknown>): string {
  return getInstance().t(key, { lng: lang, ...params }) as string;
}

/** Picks ru, uz or en from an Accept-Language header by quality; ru when none matches. */
export function pickLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const hit = ranked.find((x) => (LOCALES as readonly string[]).includes(x.lang));
  return (hit?.lang as Locale) ?? DEFAULT_LOCALE;
}
