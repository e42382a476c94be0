import { spellByTriads } from './triads';

// English numerals, short scale, hyphenated tens ("twenty-one"), no "and". The currency names
// so'm and tiyin do not take a plural in English usage.

const UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

function triadEn(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  if (hundreds) words.push(UNITS[hundreds], 'hundred');
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else if (rest >= 20)
    words.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${UNITS[rest % 10]}` : TENS[rest / 10]);
  else if (rest > 0) words.push(UNITS[rest]);
  return words;
}

export function integerToWordsEn(value: bigint): string {
  if (value === 0n) return 'zero';
  return spellByTriads(value, triadEn, (_t, s) => SCALES[s]);
}

export function sumInWordsEn(soum: bigint, tiyin: number): string {
  return `${integerToWordsEn(soum)} so'm ${String(tiyin).padStart(2, '0')} tiyin`;
}
