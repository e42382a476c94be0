import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createValidator,
  getKind,
  localizeErrors,
  localizeRjsfErrors,
  toErrorSchema,
} from '../../src/engine';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const resources: Record<string, Record<string, any>> = {};
  for (const lang of ['ru', 'uz', 'en']) {
    resources[lang] = Object.fromEntries(
      ['forms', 'documents', 'validation'].map((ns) => [
        ns,
        JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')),
      ]),
    );
  }
  await i18n.init({ resources, lng: 'ru', fallbackLng: 'ru', interpolation: { escapeValue: false } });
});
const t = (lang: string) => (key: string, params?: Record<string, unknown>) =>
  i18n.t(key, { lng: lang, ...params }) as string;
const invoice = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));

describe('localize', () => {
  it('maps standard and custom keywords to the spec keys with field labels', () => {
    const bad = structuredClone(invoice);
    bad.BuyerTin = '3023456789';
    delete bad.Buyer.Director;
    bad.FacturaDoc.FacturaDate = '15.05.2025';
    bad.ProductList.Products[0].VatSum = 1;
    const { schema } = getKind('invoice');
    const errors = createValidator('invoice')(bad, { now: '2025-06-10' }).errors;
    const localized = localizeErrors(errors, t('ru'), schema);
    const byPath = Object.fromEntries(localized.map((e) => [`${e.path} ${e.keyword}`, e]));
    expect(byPath['/BuyerTin pinflOrTin']).toMatchObject({
      key: 'validation:string.pinflOrTin',
      specKey: 'validation.string.pinflOrTin',
    });
    expect(byPath['/Buyer/Director required']).toMatchObject({
      key: 'validation:required',
      message: 'Поле «Руководитель» обязательно для заполнения',
    });
    expect(byPath['/FacturaDoc/FacturaDate isoDate'].key).toBe('validation:string.wrongDateFormat');
    expect(byPath['/ProductList/Products/0/VatSum lineArithmetic'].message).toBe(
      'Неверная сумма: должно быть 15000.60',
    );
    const en = localizeErrors(errors, t('en'), schema);
    expect(en.find((e) => e.keyword === 'required')?.message).toBe('Director is required');
    const uz = localizeErrors(errors, t('uz'), schema);
    expect(uz.find((e) => e.keyword === 'required')?.message).toBe('«Rahbar» maydoni toʻldirilishi shart');
  });

  it('uses the spec keys for lengths, numbers, arrays and the passport quirk', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['minLength', { limit: 3 }, 'validation:string.min'],
      ['maxLength', { limit: 3 }, 'validation:string.max'],
      ['minimum', { limit: 0 }, 'validation:number.min'],
      ['maximum', { limit: 9 }, 'validation:number.max'],
      ['exclusiveMinimum', { limit: 0 }, 'validation:number.moreThan'],
      ['minItems', { limit: 1 }, 'validation:array.min'],
      ['email', {}, 'validation:string.email'],
      ['pinfl', {}, 'validation:string.pinfl'],
      ['tin', {}, 'validation:string.tin'],
      ['phoneNumber', { reason: 'TOO_SHORT' }, 'validation:string.phoneNumber'],
      ['isRegisteredTin', {}, 'validation:allreadyRegisteredInSystem'],
      ['dateTime', {}, 'validation:string.wrongDateFormat'],
      ['passportSerial', {}, 'validation:validations.string.passportSerial'],
      ['requiredWithout', { other: 'PackageCode' }, 'validation:requiredWithoutField'],
      ['pattern', {}, 'validation:notValid'],
    ];
    for (const [keyword, params, key] of cases) {
      expect(localizeErrors([{ instancePath: '/x', keyword, params }], t('en'))[0].key, keyword).toBe(key);
    }
    const passport = localizeErrors(
      [{ instancePath: '/x', keyword: 'passportSerial', params: {} }],
      t('en'),
    )[0];
    expect(passport.specKey).toBe('validations.string.passportSerial');
  });

  it('says "exactly N characters" when min and max length agree', () => {
    const schema = {
      type: 'object',
      properties: { Tin: { type: 'string', minLength: 9, maxLength: 9, title: 'forms:company.Tin' } },
    };
    const [error] = localizeErrors(
      [{ instancePath: '/Tin', keyword: 'minLength', params: { limit: 9 } }],
      t('ru'),
      schema,
    );
    expect(error).toMatchObject({ key: 'validation:string.length', message: 'Должно быть ровно 9 символов' });
  });

  it('falls back to "<field> is not valid."', () => {
    const schema = {
      type: 'object',
      properties: { Code: { type: 'string', pattern: 'x', title: 'forms:line.CatalogCode' } },
    };
    const [error] = localizeErrors(
      [{ instancePath: '/Code', keyword: 'pattern', params: {} }],
      t('en'),
      schema,
    );
    expect(error.message).toBe('Classifier (MXIK) code is not valid.');
  });

  it('localizes RJSF errors in place', () => {
    const { schema } = getKind('invoice');
    const [error] = localizeRjsfErrors(
      [
        {
          name: 'required',
          property: '.Buyer.Director',
          params: { missingProperty: 'Director' },
          message: 'x',
          stack: 'x',
        },
      ],
      t('en'),
      schema,
    );
    expect(error.message).toBe('Director is required');
  });

  it('turns server errors into an RJSF ErrorSchema for extraErrors', () => {
    expect(
      toErrorSchema([
        { path: '/WaybillLocalId', message: 'exists' },
        { path: '/ProductList/Products/0/VatSum', message: 'a' },
        { path: '/ProductList/Products/0/VatSum', message: 'b' },
      ]),
    ).toEqual({
      WaybillLocalId: { __errors: ['exists'] },
      ProductList: { Products: { 0: { VatSum: { __errors: ['a', 'b'] } } } },
    });
  });
});

describe('phone errors', () => {
  it('say what is wrong with the number, in every language', () => {
    const message = (lang: string, reason: string) =>
      localizeErrors([{ instancePath: '/Mobile', keyword: 'phoneNumber', params: { reason } }], t(lang))[0]
        .message;
    expect(message('ru', 'TOO_SHORT')).toBe('Неверный номер телефона: номер слишком короткий');
    expect(message('en', 'TOO_LONG')).toBe('Invalid phone number: the number is too long');
    expect(message('uz', 'INVALID')).toBe('Telefon raqami notoʻgʻri: bunday raqam mavjud emas');
    // A reason without a text of its own keeps the plain message.
    expect(message('ru', 'SOMETHING_NEW')).toBe('Неверный номер телефона');
  });
});
