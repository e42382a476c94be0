import { spellByTriads } from './triads';

// Russian numerals: "тысяча" is feminine (одна тысяча, две тысячи), the rest masculine; nouns take
// the form for 1 (сум), 2–4 (сума) or 5–20 and 0 (сумов), decided by the last two digits.

const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

type Forms = [string, string, string];
const SCALES: Array<{ forms: Forms; feminine: boolean }> = [
  { forms: ['', '', ''], feminine: false },
  { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
  { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
  { forms: ['триллион', 'триллиона', 'триллионов'], feminine: false },
];

export function pluralRu(n: bigint, forms: Forms): string {
  const lastTwo = Number(n % 100n);
  const last = lastTwo % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

function triadRu(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else words.push(TENS[Math.floor(rest / 10)], (feminine ? UNITS_FEMININE : UNITS_MASCULINE)[rest % 10]);
  return words.filter(Boolean);
}

export function integerToWordsRu(value: bigint): string {
  if (value === 0n) return 'ноль';
  return spellByTriads(
    value,
    (triad, s) => triadRu(triad, SCALES[s].feminine),
    (triad, s) => pluralRu(BigInt(triad), SCALES[s].forms),
  );
}

export function sumInWordsRu(soum: bigint, tiyin: number): string {
  const soumWord = pluralRu(soum, ['сум', 'сума', 'сумов']);
  const tiyinWord = pluralRu(BigInt(tiyin), ['тийин', 'тийина', 'тийинов']);
  return `${integerToWordsRu(soum)} ${soumWord} ${String(tiyin).padStart(2, '0')} ${tiyinWord}`;
}
