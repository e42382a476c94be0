import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ajvOptions, registerKeywords } from '../../src/engine';
import { correctionDeadlineFor } from '../../src/engine/keywords/correctionDeadline';

const ajv = registerKeywords(new Ajv(ajvOptions));

/** Validates `data` against `schema` and returns [keyword, instancePath] of every error. */
function errorsOf(schema: object, data: unknown, now?: string) {
  const validate = ajv.compile(schema);
  validate.call({ now }, data);
  return (validate.errors ?? []).map((e) => [e.keyword, e.instancePath, e.params] as const);
}
const passes = (schema: object, data: unknown, now?: string) => errorsOf(schema, data, now).length === 0;
const str = (keyword: string) => ({ type: 'string', [keyword]: true });

describe('tin', () => {
  it.each([
    ['', true],
    ['301234567', true],
    ['000000001', true],
    ['30123456', false],
    ['3012345678', false],
    ['30123456a', false],
    [' 301234567', false],
  ])('%j → %s', (value, ok) => expect(passes(str('tin'), value)).toBe(ok));
});

describe('pinfl', () => {
  it.each([
    ['', true],
    ['31203851230045', true],
    ['3120385123004', false],
    ['312038512300451', false],
    ['3120385123004X', false],
  ])('%j → %s', (value, ok) => expect(passes(str('pinfl'), value)).toBe(ok));
});

describe('pinflOrTin (exactly as the spec: empty, shorter than 9, or 9/14 digits)', () => {
  it.each([
    ['', true],
    ['1', true],
    ['12345678', true],
    ['abc', true],
    ['301234567', true],
    ['31203851230045', true],
    ['3012345678', false],
    ['1234567890123', false],
    ['30123456X', false],
    ['312038512300456', false],
  ])('%j → %s', (value, ok) => expect(passes(str('pinflOrTin'), value)).toBe(ok));
});

describe('passportSerial', () => {
  it.each([
    ['', true],
    ['AA1234567', true],
    ['AB 1234567', true],
    ['AA  1234567', false],
    ['aa1234567', false],
    ['A1234567', false],
    ['AA123456', false],
    ['AA12345678', false],
    ['АА1234567', false], // Cyrillic А
  ])('%j → %s', (value, ok) => expect(passes(str('passportSerial'), value)).toBe(ok));
});

describe('phoneNumber (libphonenumber-js, no default country, no extraction)', () => {
  const reason = (value: string) => errorsOf(str('phoneNumber'), value)[0]?.[2]?.reason;
  it('accepts empty and valid international numbers, with mask punctuation and extensions', () => {
    expect(passes(str('phoneNumber'), '')).toBe(true);
    expect(passes(str('phoneNumber'), '+998901234567')).toBe(true);
    expect(passes(str('phoneNumber'), '+998 (90) 123-45-67')).toBe(true);
    expect(passes(str('phoneNumber'), '+998 71 234 56 78 ext. 123')).toBe(true);
  });
  it('names the parse failure', () => {
    expect(reason('hello')).toBe('NOT_A_NUMBER');
    expect(reason('901234567')).toBe('INVALID_COUNTRY'); // no default country
    expect(reason('+9')).toBe('TOO_SHORT');
    expect(reason('+998 12345678901234567890')).toBe('TOO_LONG');
    expect(reason(`+998${'1'.repeat(251)}`)).toBe('TOO_LONG');
    expect(reason('call +998901234567 now')).toBe('NOT_A_NUMBER'); // no extraction
    expect(reason('+1 2')).toBe('TOO_SHORT');
    // Parses, but too few digits for an Uzbek number: the length is what is wrong.
    expect(reason('+998 12')).toBe('TOO_SHORT');
    expect(reason('+99890')).toBe('TOO_SHORT');
    expect(reason('+9989012345678')).toBe('TOO_LONG');
  });
  it('rejects numbers that parse but do not exist', () => {
    expect(reason('+998 00 000 00 00')).toBe('INVALID');
  });
  it('with a default country, reads numbers written without "+" as that country’s (as operators send them)', () => {
    const uz = { type: 'string', phoneNumber: { defaultCountry: 'UZ' } };
    expect(passes(uz, '998933800525')).toBe(true);
    expect(passes(uz, '(71)-203-06-06')).toBe(true);
    expect(passes(uz, '+998712345678')).toBe(true);
    expect(passes(uz, '')).toBe(true);
    expect(errorsOf(uz, 'call me')[0]?.[2]?.reason).toBe('NOT_A_NUMBER');
    expect(errorsOf(uz, '+998 12')[0]?.[2]?.reason).toBe('TOO_SHORT');
    expect(passes(str('phoneNumber'), '998933800525')).toBe(false);
    expect(() => ajv.compile({ type: 'string', phoneNumber: { defaultCountry: 'uz' } })).toThrow();
  });
});

describe('dateTime', () => {
  it.each([
    ['', true],
    ['__.__.____', true],
    ['no date', true],
    ['15-05-2025', true],
    ['15.05.2025', true],
    ['2025-05-15', true],
    ['31.12.9999', true],
    ['01.01.1900', true],
    ['31.12.1899', false],
    ['32.01.2025', false],
    ['15.13.2025', false],
    ['00.01.2025', false],
    ['15/05/2025', false],
    ['2025-5-15', false],
    ['15.05.25', false],
  ])('%j → %s', (value, ok) => expect(passes(str('dateTime'), value)).toBe(ok));
});

describe('isoDate (stored dates)', () => {
  it.each([
    ['2025-05-15', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['15.05.2025', false],
    ['2025-05-15T00:00:00', false],
    ['', false],
  ])('%j → %s', (value, ok) => expect(passes(str('isoDate'), value)).toBe(ok));
});

describe('isRegisteredTin', () => {
  it('fails only on the text -1', () => {
    expect(errorsOf(str('isRegisteredTin'), '-1')[0]?.[0]).toBe('isRegisteredTin');
    expect(passes(str('isRegisteredTin'), '301234567')).toBe(true);
    expect(passes(str('isRegisteredTin'), '')).toBe(true);
  });
});

describe('email', () => {
  it.each([
    ['', true],
    ['info@savdo.uz', true],
    ['a.b+c@mail.example.com', true],
    ['info@savdo', false],
    ['savdo.uz', false],
    ['in fo@savdo.uz', false],
  ])('%j → %s', (value, ok) => expect(passes(str('email'), value)).toBe(ok));
});

describe('password and confirmation', () => {
  const reason = (value: string) => errorsOf(str('password'), value)[0]?.[2]?.reason;
  it('stops at the first failing rule', () => {
    expect(reason('Ab1!')).toBe('min');
    expect(reason('abcdefg1!')).toBe('upper');
    expect(reason('ABCDEFG1!')).toBe('lower');
    expect(reason('Abcdefgh!')).toBe('digit');
    expect(reason('Abcdefg12')).toBe('special');
    expect(reason('Abcdefg1~')).toBe('special'); // ~ is not in the spec's set
    for (const special of `!@#$%^&*()_+-=\\[]{};':"|,.<>/?`)
      expect(reason(`Abcdefg1${special}`)).toBeUndefined();
  });
  it('confirmation must match the password', () => {
    const schema = {
      type: 'object',
      passwordConfirmation: { password: 'password', confirmation: 'confirm' },
    };
    expect(errorsOf(schema, { password: 'Abcdefg1!', confirm: 'Abcdefg1?' })).toEqual([
      ['passwordConfirmation', '/confirm', {}],
    ]);
    expect(passes(schema, { password: 'Abcdefg1!', confirm: 'Abcdefg1!' })).toBe(true);
    expect(passes(schema, { password: 'Abcdefg1!', confirm: '' })).toBe(true); // `required` reports it
  });
});

describe('noIndividual (organisation TIN range 200000000–400000000)', () => {
  it.each([
    ['200000000', true],
    ['400000000', true],
    ['301234567', true],
    ['199999999', false],
    ['400000001', false],
    ['31203851230045', false],
    ['', true],
  ])('%j → %s', (value, ok) => expect(passes(str('noIndividual'), value)).toBe(ok));
});

describe('sellerNotBuyer and notToOneself', () => {
  it('reports on the buyer when it equals the seller', () => {
    const schema = { type: 'object', sellerNotBuyer: { seller: 'SellerTin', buyer: 'BuyerTin' } };
    expect(errorsOf(schema, { SellerTin: '301234567', BuyerTin: '301234567' })).toEqual([
      ['sellerNotBuyer', '/BuyerTin', {}],
    ]);
    expect(passes(schema, { SellerTin: '301234567', BuyerTin: '302345678' })).toBe(true);
    expect(passes(schema, { SellerTin: '', BuyerTin: '' })).toBe(true);
  });
  it('reports on the agent when it is the issuer or its director', () => {
    const schema = {
      type: 'object',
      notToOneself: { issuer: ['Buyer/Tin', 'Buyer/Director/Pinfl'], agent: 'Agent/Pinfl' },
    };
    const doc = (agent: string) => ({
      Buyer: { Tin: '302345678', Director: { Pinfl: '30202801230022' } },
      Agent: { Pinfl: agent },
    });
    expect(errorsOf(schema, doc('30202801230022'))).toEqual([['notToOneself', '/Agent/Pinfl', {}]]);
    expect(passes(schema, doc('41505901230012'))).toBe(true);
  });
});

describe('requiredUnless and requiredWithout', () => {
  const schema = {
    type: 'object',
    requiredUnless: { field: 'FacturaType', equals: [0], properties: ['OldFacturaDoc'] },
  };
  it('requires the old-document block for every type but 0', () => {
    expect(passes(schema, { FacturaType: 0, OldFacturaDoc: null })).toBe(true);
    for (const type of [1, 2, 3, 4, 5, 6, 8, 9]) {
      expect(errorsOf(schema, { FacturaType: type, OldFacturaDoc: null })[0]?.slice(0, 2)).toEqual([
        'requiredUnless',
        '/OldFacturaDoc',
      ]);
      expect(passes(schema, { FacturaType: type, OldFacturaDoc: { OldFacturaId: 'x' } })).toBe(true);
    }
  });
  it('requires a field when the other one is empty', () => {
    const line = { type: 'object', requiredWithout: { MeasureId: 'PackageCode' } };
    expect(passes(line, { PackageCode: '1209782' })).toBe(true);
    expect(passes(line, { PackageCode: '', MeasureId: '796' })).toBe(true);
    expect(errorsOf(line, { PackageCode: '' })[0]?.slice(0, 2)).toEqual(['requiredWithout', '/MeasureId']);
  });
});

describe('correctionDeadline (up to and including the 20th of the next month, Tashkent time)', () => {
  const schema = { type: 'object', correctionDeadline: { type: 'T', correctedTypes: [4, 5, 8], date: 'D' } };
  it('computes the deadline across year ends', () => {
    expect(correctionDeadlineFor('2025-05-31')).toBe('2025-06-20');
    expect(correctionDeadlineFor('2025-12-01')).toBe('2026-01-20');
  });
  it.each([
    [4, '2025-05-15', '2025-06-20T23:59:00+05:00', true],
    [4, '2025-05-15', '2025-06-20T18:59:00Z', true], // 23:59 in Tashkent
    [4, '2025-05-15', '2025-06-20T19:00:00Z', false], // already the 21st in Tashkent
    [4, '2025-05-15', '2025-06-21T00:00:00+05:00', false],
    [5, '2025-12-10', '2026-01-20T10:00:00+05:00', true],
    [8, '2025-12-10', '2026-01-21T10:00:00+05:00', false],
    [0, '2025-01-10', '2026-01-21T10:00:00+05:00', true], // not a correction
    [1, '2025-01-10', '2026-01-21T10:00:00+05:00', true], // additional: not this rule
  ])('type %d dated %s, now %s → %s', (type, date, now, ok) => {
    expect(passes(schema, { T: type, D: date }, now)).toBe(ok);
  });
  it('reports on the date with the deadline', () => {
    expect(errorsOf(schema, { T: 4, D: '2025-05-15' }, '2025-07-01')).toEqual([
      ['correctionDeadline', '/D', { deadline: '2025-06-20', today: '2025-07-01' }],
    ]);
  });
});

describe('vatRateForDate', () => {
  const schema = {
    type: 'array',
    vatRateForDate: { date: 'Doc/Date', rate: 'VatRate', withoutVat: 'WithoutVat' },
  };
  const check = (date: string, rate: number, withoutVat = false) => {
    const validate = ajv.compile({ type: 'object', properties: { Lines: schema } });
    return validate({ Doc: { Date: date }, Lines: [{ VatRate: rate, WithoutVat: withoutVat }] });
  };
  it.each([
    ['2019-09-30', 20, true],
    ['2019-10-01', 20, false],
    ['2019-10-01', 15, true],
    ['2022-12-31', 15, true],
    ['2023-01-01', 15, false],
    ['2023-01-01', 12, true],
    ['2022-12-31', 12, false],
    ['2019-09-30', 12, false],
    ['2015-01-01', 0, true],
    ['2025-01-01', 0, true],
  ])('%s at %d%% → %s', (date, rate, ok) => expect(check(date, rate)).toBe(ok));
  it('skips lines without VAT', () => expect(check('2025-01-01', 20, true)).toBe(true));
});

describe('decimalPlaces', () => {
  it.each([
    [2, 10, true],
    [2, 0.1, true],
    [2, 12500.55, true],
    [2, 0.001, false],
    [2, 1e-7, false],
    [2, 9999999999999.99, true],
    [6, 0.333333, true],
    [6, 0.3333333, false],
  ])('%d places, %s → %s', (places, value, ok) =>
    expect(passes({ type: 'number', decimalPlaces: places }, value)).toBe(ok),
  );
});

describe('lineArithmetic and documentTotals (exact decimals)', () => {
  const mapping = {
    count: 'Count',
    price: 'Summa',
    deliverySum: 'DeliverySum',
    vatRate: 'VatRate',
    vatSum: 'VatSum',
    total: 'Total',
    withoutVat: 'WithoutVat',
  };
  const schema = { type: 'array', lineArithmetic: mapping };
  it('accepts exact results, including ones floats get wrong', () => {
    // 0.1 × 3 = 0.30000000000000004 in floats; 1.005 × 1 rounds half-up to 1.01.
    expect(
      passes(schema, [
        { Count: 3, Summa: 0.1, DeliverySum: 0.3, VatRate: 12, VatSum: 0.04, Total: 0.34, WithoutVat: false },
      ]),
    ).toBe(true);
    expect(
      passes(schema, [
        { Count: 1.005, Summa: 1, DeliverySum: 1.01, VatRate: 0, VatSum: 0, Total: 1.01, WithoutVat: false },
      ]),
    ).toBe(true);
    expect(
      passes(schema, [
        { Count: 1, Summa: 100, DeliverySum: 100, VatRate: 12, VatSum: 0, Total: 100, WithoutVat: true },
      ]),
    ).toBe(true);
    // VAT half-up: 104.17 × 12 % = 12.5004 → 12.50; 0.125 → 0.13
    expect(
      passes(schema, [
        {
          Count: 1,
          Summa: 1.04,
          DeliverySum: 1.04,
          VatRate: 12,
          VatSum: 0.12,
          Total: 1.16,
          WithoutVat: false,
        },
      ]),
    ).toBe(true);
  });
  it('reports each wrong field with the expected value', () => {
    const errors = errorsOf(schema, [
      { Count: 2, Summa: 10, DeliverySum: 21, VatRate: 12, VatSum: 2.52, Total: 23.52, WithoutVat: false },
    ]);
    expect(errors.map((e) => e.slice(0, 2))).toEqual([
      ['lineArithmetic', '/0/DeliverySum'],
      ['lineArithmetic', '/0/VatSum'],
      ['lineArithmetic', '/0/Total'],
    ]);
    expect(errors[0][2]).toMatchObject({ field: 'DeliverySum', expected: '20.00' });
  });
  it('leaves a computed field the line does not carry to `required` (optional totals), but checks it when present', () => {
    const line = { Count: 2, Summa: 10, DeliverySum: 20, VatRate: 12, VatSum: 2.4, WithoutVat: false };
    expect(passes(schema, [line])).toBe(true);
    expect(errorsOf(schema, [{ ...line, Total: 22 }]).map((e) => e.slice(0, 2))).toEqual([
      ['lineArithmetic', '/0/Total'],
    ]);
    expect(errorsOf(schema, [{ ...line, Total: null }]).map((e) => e.slice(0, 2))).toEqual([
      ['lineArithmetic', '/0/Total'],
    ]);
  });
  it('checks only the sum without VAT of a line that carries no rate (its VAT is unknown)', () => {
    const noRate = { Count: 16, Summa: 12, DeliverySum: 192, Total: 215.04 };
    expect(passes(schema, [noRate])).toBe(true);
    expect(errorsOf(schema, [{ ...noRate, DeliverySum: 190 }]).map((e) => e.slice(0, 2))).toEqual([
      ['lineArithmetic', '/0/DeliverySum'],
    ]);
    expect(
      errorsOf(schema, [{ ...noRate, VatRate: 12, VatSum: 23.04, Total: 215 }]).map((e) => e[1]),
    ).toEqual(['/0/Total']);
  });
  it('totals equal the sums of lines', () => {
    const totals = {
      type: 'object',
      documentTotals: { items: 'Lines', sums: { Sum: 'A', 'Nested/Sum': 'B' } },
    };
    const lines = [
      { A: 0.1, B: 1 },
      { A: 0.2, B: 2 },
    ];
    expect(passes(totals, { Lines: lines, Sum: 0.3, Nested: { Sum: 3 } })).toBe(true);
    expect(errorsOf(totals, { Lines: lines, Sum: 0.31, Nested: { Sum: 3 } })).toEqual([
      ['documentTotals', '/Sum', { field: 'Sum', expected: '0.30', actual: '0.31' }],
    ]);
  });
});

describe('serverCheck', () => {
  it('never fails and records requests when the context asks for them', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { Id: { type: 'string', serverCheck: { name: 'uniqueDocumentId', kind: 'waybill' } } },
    });
    const serverChecks: unknown[] = [];
    expect(validate.call({ serverChecks }, { Id: 'abc' })).toBe(true);
    expect(serverChecks).toEqual([
      { check: 'uniqueDocumentId', instancePath: '/Id', value: 'abc', options: { kind: 'waybill' } },
    ]);
    expect(validate({ Id: 'abc' })).toBe(true);
  });
});

describe('vatArithmetic (act totals)', () => {
  const schema = {
    type: 'object',
    vatArithmetic: { base: 'Base', rate: 'Rate', vatSum: 'Vat', total: 'Total', withoutVat: 'WithoutVat' },
  };
  it('checks VAT and total on the base', () => {
    expect(passes(schema, { Base: 437500, Rate: 12, Vat: 52500, Total: 490000 })).toBe(true);
    expect(passes(schema, { Base: 104.17, Rate: 12, Vat: 12.5, Total: 116.67 })).toBe(true);
    expect(passes(schema, { Base: 100, Rate: 12, Vat: 0, Total: 100, WithoutVat: true })).toBe(true);
    expect(errorsOf(schema, { Base: 100, Rate: 12, Vat: 12, Total: 100 }).map((e) => e.slice(0, 2))).toEqual([
      ['vatArithmetic', '/Total'],
    ]);
  });
});

describe('dateOrder', () => {
  const schema = { type: 'object', dateOrder: { from: 'Issue', to: 'Expire' } };
  it.each([
    ['2025-05-10', '2025-06-10', true],
    ['2025-05-10', '2025-05-10', true],
    ['2025-05-10', '2025-05-09', false],
    ['2025-05-10', 'not a date', true],
  ])('%s → %s: %s', (issue, expire, ok) => expect(passes(schema, { Issue: issue, Expire: expire })).toBe(ok));
});

describe('validation context reaches keywords inside referenced definitions', () => {
  it('passes `now` and collects server checks through $ref functions', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { Doc: { $ref: '#/$defs/doc' } },
      $defs: {
        doc: {
          type: 'object',
          correctionDeadline: { type: 'T', correctedTypes: [4], date: 'D' },
          properties: { Id: { type: 'string', serverCheck: 'uniqueDocumentId' } },
        },
      },
    });
    const serverChecks: unknown[] = [];
    expect(
      validate.call({ now: '2025-06-20', serverChecks }, { Doc: { T: 4, D: '2025-05-01', Id: 'x' } }),
    ).toBe(true);
    expect(serverChecks).toHaveLength(1);
    expect(validate.call({ now: '2025-06-21' }, { Doc: { T: 4, D: '2025-05-01', Id: 'x' } })).toBe(false);
  });
});
