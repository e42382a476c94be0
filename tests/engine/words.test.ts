import { describe, expect, it } from 'vitest';
import { sumInWords } from '../../src/engine';
import { integerToWordsRu } from '../../src/engine/words';

describe('sum in words', () => {
  it.each([
    [0, 'Ноль сумов 00 тийинов', 'Nol soʻm 00 tiyin', "Zero so'm 00 tiyin"],
    [0.01, 'Ноль сумов 01 тийин', 'Nol soʻm 01 tiyin', "Zero so'm 01 tiyin"],
    [1, 'Один сум 00 тийинов', 'Bir soʻm 00 tiyin', "One so'm 00 tiyin"],
    [11, 'Одиннадцать сумов 00 тийинов', 'Oʻn bir soʻm 00 tiyin', "Eleven so'm 00 tiyin"],
    [21, 'Двадцать один сум 00 тийинов', 'Yigirma bir soʻm 00 tiyin', "Twenty-one so'm 00 tiyin"],
    [101, 'Сто один сум 00 тийинов', 'Bir yuz bir soʻm 00 tiyin', "One hundred one so'm 00 tiyin"],
    [1000, 'Одна тысяча сумов 00 тийинов', 'Bir ming soʻm 00 tiyin', "One thousand so'm 00 tiyin"],
    [1000000, 'Один миллион сумов 00 тийинов', 'Bir million soʻm 00 tiyin', "One million so'm 00 tiyin"],
    [1000000000, 'Один миллиард сумов 00 тийинов', 'Bir milliard soʻm 00 tiyin', "One billion so'm 00 tiyin"],
    [
      999999999999.99,
      'Девятьсот девяносто девять миллиардов девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять сумов 99 тийинов',
      'Toʻqqiz yuz toʻqson toʻqqiz milliard toʻqqiz yuz toʻqson toʻqqiz million toʻqqiz yuz toʻqson toʻqqiz ming toʻqqiz yuz toʻqson toʻqqiz soʻm 99 tiyin',
      "Nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine so'm 99 tiyin",
    ],
  ])('%s', (amount, ru, uz, en) => {
    expect(sumInWords(amount, 'ru')).toBe(ru);
    expect(sumInWords(amount, 'uz')).toBe(uz);
    expect(sumInWords(amount, 'en')).toBe(en);
  });

  it('uses Russian genders and plural forms', () => {
    expect(integerToWordsRu(1000n)).toBe('одна тысяча');
    expect(integerToWordsRu(2000n)).toBe('две тысячи');
    expect(integerToWordsRu(5000n)).toBe('пять тысяч');
    expect(integerToWordsRu(11000n)).toBe('одиннадцать тысяч');
    expect(integerToWordsRu(21000n)).toBe('двадцать одна тысяча');
    expect(integerToWordsRu(2000000n)).toBe('два миллиона');
    expect(integerToWordsRu(5000000n)).toBe('пять миллионов');
    expect(sumInWords(2, 'ru')).toBe('Два сума 00 тийинов');
    expect(sumInWords(5, 'ru')).toBe('Пять сумов 00 тийинов');
    expect(sumInWords(112, 'ru')).toBe('Сто двенадцать сумов 00 тийинов');
    expect(sumInWords(0.02, 'ru')).toBe('Ноль сумов 02 тийина');
    expect(sumInWords(0.11, 'ru')).toBe('Ноль сумов 11 тийинов');
    expect(sumInWords(0.21, 'ru')).toBe('Ноль сумов 21 тийин');
  });

  it('rounds to tiyin, accepts text and negative amounts, falls back to Russian', () => {
    expect(sumInWords('140005,605', 'ru')).toBe('Сто сорок тысяч пять сумов 61 тийин');
    expect(sumInWords(-5, 'en')).toBe("Minus five so'm 00 tiyin");
    expect(sumInWords(1, 'uz-Latn')).toBe('Bir soʻm 00 tiyin');
    expect(sumInWords(1, 'de')).toBe('Один сум 00 тийинов');
  });
});
