import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkNationalExport, toNationalJson } from '../../../src/engine/national';
import { registerTestKind, TEST_KIND } from './testKind';

beforeAll(registerTestKind);

const base = {
  DocId: '65ccb7e9f625c47e587e2a82',
  Doc: { No: 'A-1', Date: '2025-06-10' },
  OldDoc: null,
  SellerTin: '302000001',
  Lines: [{ OrdNo: 1, Count: 2, Price: 1000.5 }],
};
const keywords = (text: string) =>
  checkNationalExport(TEST_KIND, text).map((e) => `${e.instancePath} ${e.keyword}`);

describe('checkNationalExport (what the roaming hub refuses)', () => {
  it('passes the serializer’s output', () => {
    expect(keywords(toNationalJson(TEST_KIND, { ...base, Notes: 'local', Cargo: { Class: 1 } }))).toEqual([]);
  });

  it('refuses a local field: it is an extra field for the hub', () => {
    const text = JSON.stringify({ ...JSON.parse(toNationalJson(TEST_KIND, base)), Notes: 'x' });
    expect(keywords(text)).toEqual([' additionalProperties']);
  });

  it('refuses an unused block sent as {} or as a block of empty strings', () => {
    const national = JSON.parse(toNationalJson(TEST_KIND, base));
    expect(keywords(JSON.stringify({ ...national, Rent: {} }))).toEqual(['/Rent minProperties']);
    expect(keywords(JSON.stringify({ ...national, OldDoc: { OldNo: '', OldId: '' } }))).toEqual([
      '/OldDoc/OldNo minLength',
      '/OldDoc blankBlock',
    ]);
  });

  it('refuses text that is not minified JSON, and a date with a time', () => {
    const national = JSON.parse(toNationalJson(TEST_KIND, base));
    expect(keywords(JSON.stringify(national, null, 1))).toEqual([' minified']);
    expect(keywords('{"DocId":')).toEqual([' minified']);
    expect(keywords(JSON.stringify({ ...national, Doc: { No: '1', Date: '2025-06-10T00:00:00Z' } }))).toEqual(
      ['/Doc/Date maxLength', '/Doc/Date isoDate'],
    );
  });

  it('wants the national id the kind’s life cycle names', () => {
    const invoice = JSON.parse(
      readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'),
    );
    const now = '2025-06-10T12:00:00+05:00';
    expect(checkNationalExport('invoice', toNationalJson('invoice', invoice), { now })).toEqual([]);
    const { FacturaId: _id, ...withoutId } = invoice;
    expect(
      checkNationalExport('invoice', toNationalJson('invoice', withoutId), { now }).map((e) => e.keyword),
    ).toEqual(['nationalId']);
  });
});
