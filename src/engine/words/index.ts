import { round } from '../money';
import { sumInWordsEn } from './en';
import { sumInWordsRu } from './ru';
import type { WordsLanguage } from './types';
import { sumInWordsUz } from './uz';

export { integerToWordsEn } from './en';
export { integerToWordsRu } from './ru';
export type { WordsLanguage } from './types';
export { integerToWordsUz } from './uz';

/**
 * The amount in words for printed documents: so'm in words, tiyin as two digits with its noun
 * ("Сто один сум 05 тийинов", "Bir yuz bir soʻm 05 tiyin", "One hundred one so'm 05 tiyin").
 * The amount is rounded half-up to tiyin; negative amounts get a "minus" word.
 */
export function sumInWords(amount: unknown, lang: WordsLanguage | string = 'ru'): string {
  const value = round(amount, 2);
  const negative = value.isNegative() && !value.isZero();
  const [whole, fraction = '00'] = value.abs().toFixed(2).split('.');
  const soum = BigInt(whole);
  const tiyin = Number(fraction);
  const language = lang.slice(0, 2) as WordsLanguage;
  const text =
    language === 'uz'
      ? sumInWordsUz(soum, tiyin)
      : language === 'en'
        ? sumInWordsEn(soum, tiyin)
        : sumInWordsRu(soum, tiyin);
  const minus = language === 'uz' ? 'minus ' : language === 'en' ? 'minus ' : 'минус ';
  const full = negative ? minus + text : text;
  return full.charAt(0).toUpperCase() + full.slice(1);
}
