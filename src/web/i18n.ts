import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '../engine/constants';

// Each namespace of each language is its own lazily loaded chunk, so a screen pays only for its texts.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export const NAMESPACES = [
  ...new Set(
    Object.keys(loaders).map((p) =>
      p
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
    ),
  ),
];

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err) => callback(err, false),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function applyLocale(lang: Locale) {
  document.documentElement.lang = lang;
}

export async function initI18n(lang: Locale = storedLocale()) {
  i18next.on('languageChanged', (lng) => {
    if (isLocale(lng)) applyLocale(lng);
  });
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      // The errors namespace holds the server's messages (it answers them translated): the browser never
      // reads it, and loading it at start cost the sign-in screen 1.1 KB (npm run size).
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  applyLocale(lang);
  return i18next;
}

export async function changeLocale(lang: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, lang);
  } catch {
    /* storage may be unavailable (private mode); the choice then lasts for this page only */
  }
  await i18next.changeLanguage(lang);
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}
