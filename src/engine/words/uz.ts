import { spellByTriads } from './triads';

// Uzbek (Latin) numerals. Nouns do not change after numerals (bir soʻm, besh soʻm). Documents write
// "bir yuz", "bir ming" explicitly, as the banks' printed forms do.

const UNITS = ['', 'bir', 'ikki', 'uch', 'toʻrt', 'besh', 'olti', 'yetti', 'sakkiz', 'toʻqqiz'];
const TENS = ['', 'oʻn', 'yigirma', 'oʻttiz', 'qirq', 'ellik', 'oltmish', 'yetmish', 'sakson', 'toʻqson'];
const SCALES = ['', 'ming', 'million', 'milliard', 'trillion'];

function triadUz(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  if (hundreds) words.push(UNITS[hundreds], 'yuz');
  words.push(TENS[Math.floor((n % 100) / 10)], UNITS[n % 10]);
  return words.filter(Boolean);
}

export function integerToWordsUz(value: bigint): string {
  if (value === 0n) return 'nol';
  return spellByTriads(value, triadUz, (_t, s) => SCALES[s]);
}

export function sumInWordsUz(soum: bigint, tiyin: number): string {
  return `${integerToWordsUz(soum)} soʻm ${String(tiyin).padStart(2, '0')} tiyin`;
}
