import dayjs from 'dayjs';
import i18next from 'i18next';
import type { Locale } from '../engine/constants';
import 'dayjs/locale/ru';
import 'dayjs/locale/uz-latn';

// dayjs set to the interface language. Screens that show or parse dates import dayjs from here, so the
// sign-in screens do not load it (their JavaScript budget, DESIGN §8). ru and uz weeks start on
// Monday (their dayjs locales say so), en on Sunday; weekday name arrays stay Sunday-first.
const DAYJS_LOCALE: Record<Locale, string> = { ru: 'ru', uz: 'uz-latn', en: 'en' };

function apply(lang: string) {
  dayjs.locale(DAYJS_LOCALE[lang as Locale] ?? 'ru');
}

apply(i18next.language);
i18next.on('languageChanged', apply);

export { dayjs };
