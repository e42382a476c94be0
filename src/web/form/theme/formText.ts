import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { type Lang, langOf } from '../format';

/** Namespaces of the form's texts; the first is the default for keys without a namespace. */
export const FORM_NAMESPACES = ['form', 'forms', 'validation'] as const;

const KEY = /^([a-z][\w-]*):([\w.-]+)$/i;

/**
 * Whether a schema text is an i18n key ("forms:party.hint"). Schema descriptions are mostly notes for
 * developers and analysts (in English, citing specs): only keys are shown to people, in their language.
 */
export function isTextKey(text: unknown): text is string {
  return typeof text === 'string' && KEY.test(text);
}

/**
 * The form's texts for one language: `t` (default namespace `form`), the language, and `label`,
 * which turns a schema title ("forms:party.Name") into text once per form and language — a form
 * shows ~100 labels and i18next's full `t` pipeline is the slow part of reading each one.
 */
export interface FormText {
  t: TFunction;
  lang: Lang;
  /**
   * Schema titles are i18n keys ("forms:party.Name"); plain text passes through unchanged. Also
   * for any fixed text without parameters (`fallback` when the key is missing everywhere).
   */
  label(key: string | undefined, fallback?: string): string;
}

export function makeFormText(t: TFunction, i18n: I18n = i18next): FormText {
  const language = i18n.language;
  const cache = new Map<string, string>();
  const label = (key: string | undefined, fallback?: string): string => {
    if (!key) return '';
    let text = cache.get(key);
    if (text !== undefined) return text;
    const match = KEY.exec(key);
    if (!match) text = key;
    else {
      // Plain strings straight from the loaded resources; anything i18next must process (a missing
      // key and its fallback language, nesting, interpolation) goes through `t`.
      const raw = i18n.getResource(language, match[1], match[2]);
      text =
        typeof raw === 'string' && !raw.includes('{{') && !raw.includes('$t(')
          ? raw
          : (t(key, { defaultValue: fallback ?? key.split('.').pop() }) as string);
    }
    cache.set(key, text);
    return text;
  };
  return { t, lang: langOf(language), label };
}

/**
 * Provided once by DocumentForm (one `useTranslation` per form instead of one per field and
 * widget). A new value on a language change re-renders every field that reads it, past RJSF's
 * deep-compare of props.
 */
export const FormTextContext = createContext<FormText | null>(null);

let fallback: { language: string; text: FormText } | null = null;

/** The form's texts. Outside a DocumentForm (a widget rendered on its own), the global i18next's. */
export function useFormText(): FormText {
  const text = useContext(FormTextContext);
  if (text) return text;
  if (fallback?.language !== i18next.language)
    fallback = {
      language: i18next.language,
      text: makeFormText(i18next.getFixedT(null, [...FORM_NAMESPACES]) as TFunction),
    };
  return fallback.text;
}
