import { describe, expect, it } from 'vitest';
import {
  GS,
  hasValidCheckDigit,
  normalizeMarkingCode,
  readMarkingCode,
  splitPastedCodes,
} from '../../../src/engine/marking';
import { consumerCode, GTIN, ssccCode } from './codes';

// The examples the operator publishes (help.crpt-turon.uz, see src/engine/marking/structure.ts).
const ALCOHOL = `010487021676000721qKkdi+S${GS}93U3g5`;
const TOBACCO_PACK = '04780101164394TF&csaNNW1kK0tL';
const APPLIANCE = `010432345678817621AF9-&eDmMbl?6CkOyAEB${GS}91UZF0${GS}92TDRFasF7Lf27Qv4/muaq3qoqmZ5x3WAKhKoLmzlyNi4=`;

describe('GS1 check digit', () => {
  it.each(['04780101164394', '04870216760007', '04323456788176', '4600439931256'])('accepts %s', (gtin) => {
    expect(hasValidCheckDigit(gtin)).toBe(true);
  });
  it.each(['04780101164395', '04870216760008', '14323456788176'])('refuses %s', (gtin) => {
    expect(hasValidCheckDigit(gtin)).toBe(false);
  });
});

describe('readMarkingCode: forms the operator and scanners produce', () => {
  it.each([
    ['alcohol/beer, GS before (93)', ALCOHOL, ALCOHOL],
    ['alcohol as printed, GS lost', '010487021676000721qKkdi+S93U3g5', ALCOHOL],
    ['bracketed AIs', '(01)04870216760007(21)qKkdi+S(93)U3g5', ALCOHOL],
    ['symbology identifier and <GS> substitute', ']d2010487021676000721qKkdi+S<GS>93U3g5', ALCOHOL],
    ['leading FNC1 and ␝ substitute', `${GS}010487021676000721qKkdi+S\u241d93U3g5`, ALCOHOL],
    ['{GS} substitute and spaces around', '  010487021676000721qKkdi+S{GS}93U3g5\r\n', ALCOHOL],
    ['quoted spreadsheet cell', '"010487021676000721qKkdi+S93U3g5"', ALCOHOL],
    ['tobacco pack without AIs', TOBACCO_PACK, TOBACCO_PACK],
    ['appliance (91)+(92)', APPLIANCE, APPLIANCE],
    ['appliance with GS lost', APPLIANCE.replaceAll(GS, ''), APPLIANCE],
  ])('%s', (_, raw, stored) => {
    const reading = readMarkingCode(raw, 'consumer');
    expect(reading).toMatchObject({ ok: true, code: stored });
  });

  it('reads a code typed through the Russian keyboard layout back to Latin', () => {
    // "qKkdi+S" typed with ЙЦУКЕН active arrives as "йЛлвш+Ы"
    expect(normalizeMarkingCode('010487021676000721йЛлвш+Ы93Г3п5')).toBe('010487021676000721qKkdi+S93U3g5');
    expect(readMarkingCode('010487021676000721йЛлвш+Ы93Г3п5', 'consumer')).toMatchObject({
      ok: true,
      code: ALCOHOL,
    });
  });

  it('gives one identity to one package whatever the notation or tail', () => {
    const keys = [
      ALCOHOL,
      '(01)04870216760007(21)qKkdi+S(93)U3g5',
      `010487021676000721qKkdi+S${GS}93XXXX`,
    ].map((code) => (readMarkingCode(code, 'consumer') as { key: string }).key);
    expect(new Set(keys).size).toBe(1);
  });

  it('reads a group package (cigarette block) like a consumer one', () => {
    expect(readMarkingCode(consumerCode(5), 'group')).toMatchObject({ ok: true, gtin: GTIN });
  });

  it('reads an SSCC with or without its AI, bracketed too', () => {
    const sscc = ssccCode(7);
    expect(readMarkingCode(sscc, 'transport')).toMatchObject({ ok: true, code: sscc, sscc: sscc.slice(2) });
    expect(readMarkingCode(sscc.slice(2), 'transport')).toMatchObject({ ok: true, code: sscc });
    expect(readMarkingCode(`(00)${sscc.slice(2)}`, 'transport')).toMatchObject({ ok: true, code: sscc });
  });
});

describe('readMarkingCode: refusals name the reason', () => {
  it.each([
    ['blank', '   ', 'consumer', 'empty'],
    ['wrong GTIN check digit', '010487021676000821qKkdi+S93U3g5', 'consumer', 'gtinCheckDigit'],
    ['wrong GTIN check digit, pack form', '04780101164395TF&csaNNW1kK0tL', 'consumer', 'gtinCheckDigit'],
    ['no crypto tail', '010487021676000721qKkdi+S', 'consumer', 'noCryptoTail'],
    ['(93) too long', `010487021676000721qKkdi+S${GS}93U3g55`, 'consumer', 'cryptoTail'],
    ['(92) too short', `010432345678817621AF9${GS}91UZF0${GS}92TDRF`, 'consumer', 'cryptoTail'],
    ['(91) without (92)', `010432345678817621AF9${GS}91UZF0`, 'consumer', 'cryptoTail'],
    [
      'serial over 20 characters',
      `01048702167600072112345678901234567890X${GS}93U3g5`,
      'consumer',
      'noSerial',
    ],
    ['unknown AI', `010487021676000721qKkdi+S${GS}99U3g5`, 'consumer', 'unknownAi'],
    ['a space inside', '010487021676000721qKk di+S93U3g5', 'consumer', 'badCharacter'],
    ['not a code at all', 'hello world', 'consumer', 'badCharacter'],
    ['letters only', 'ABCDEFGHIJ', 'consumer', 'structure'],
    ['a GTIN alone', '04870216760007', 'consumer', 'structure'],
    ['an SSCC where a unit is expected', '00047800835000000012', 'consumer', 'structure'],
    ['SSCC of 17 digits', '0004780083500000001', 'transport', 'sscc'],
    ['SSCC wrong check digit', '00047800835000000013', 'transport', 'ssccCheckDigit'],
    ['a unit code where a transport package is expected', ALCOHOL, 'transport', 'sscc'],
  ] as const)('%s', (_, raw, level, reason) => {
    expect(readMarkingCode(raw, level)).toMatchObject({ ok: false, reason });
  });
});

describe('splitPastedCodes', () => {
  it('takes one code per line, CRLF or LF, skipping blanks', () => {
    expect(splitPastedCodes('a\r\nb\n\n c \r\n')).toEqual(['a', 'b', 'c']);
  });
  it('takes a spreadsheet block, cell by cell, and keeps a GS inside a code', () => {
    expect(splitPastedCodes(`x\t\ty\r\nz${GS}93ab\t\r\n`)).toEqual(['x', 'y', `z${GS}93ab`]);
  });
});
