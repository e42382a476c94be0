import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createValidator } from '../../../src/engine';
import { readReceived, toNationalJson } from '../../../src/engine/national';
import { registerTestKind, TEST_KIND } from './testKind';

beforeAll(registerTestKind);

const read = (doc: unknown) => readReceived(TEST_KIND, typeof doc === 'string' ? doc : JSON.stringify(doc));

const lowerCase = {
  docid: '65ccb7e9f625c47e587e2a82',
  doc: { no: 'A-1', date: '2025-06-10T00:00:00Z' },
  olddoc: { oldno: '', oldid: '' },
  rent: null,
  sellertin: '302000001',
  kind: '1',
  hasvat: 'true',
  oked: 62090,
  lines: [{ ordno: '1', count: '2.500000', price: '10000000.00', marks: null }],
};

describe('readReceived (the receipt profile)', () => {
  it('matches keys case-insensitively and reads values as the schema types them', () => {
    const view = read(lowerCase);
    expect(view.recognized).toBe(true);
    expect(view.content).toEqual({
      DocId: '65ccb7e9f625c47e587e2a82',
      Doc: { No: 'A-1', Date: '2025-06-10' },
      OldDoc: null,
      Rent: null,
      SellerTin: '302000001',
      Kind: 1,
      HasVat: true,
      Oked: '62090',
      Lines: [{ OrdNo: 1, Count: 2.5, Price: 10000000, Marks: null }],
    });
    expect(view.warnings).toEqual([]);
    expect(view.extensions).toEqual([]);
  });

  it('reads the same document in PascalCase, lower case and camelCase alike', () => {
    const pascal = read(JSON.parse(toNationalJson(TEST_KIND, read(lowerCase).content)));
    const camel = read({ ...lowerCase, docId: lowerCase.docid, docid: undefined, sellerTin: '302000001' });
    expect(pascal.content).toEqual(read(lowerCase).content);
    expect(camel.content).toEqual(read(lowerCase).content);
  });

  it('reads an unused block (null or empty strings) as null where the schema allows null, else as absent', () => {
    const view = read({
      ...lowerCase,
      olddoc: null,
      rent: { from: '' },
      doc: { no: 'A-1', date: '2025-06-10' },
    });
    expect(view.content?.OldDoc).toBeNull();
    expect(view.content?.Rent).toBeNull();
    const noDoc = read({ ...lowerCase, doc: { no: '', date: '' } });
    expect(noDoc.content).not.toHaveProperty('Doc');
    expect(noDoc.warnings.map((w) => w.params.missingProperty)).toContain('Doc');
  });

  it('treats a block whose required fields are empty as unused, keeping what else it carried', () => {
    const view = read({ ...lowerCase, olddoc: { oldno: '', oldid: '68c9340a9523502f92de5a2d' } });
    expect(view.content?.OldDoc).toBeNull();
    expect(view.extensions).toEqual([{ path: '/olddoc/oldid', value: '68c9340a9523502f92de5a2d' }]);
  });

  it('keeps fields the kind does not know as extensions, under their received path', () => {
    const view = read({
      ...lowerCase,
      extended_json: { hasvat: true },
      lines: [lowerCase.lines[0], { ...lowerCase.lines[0], id: 'x7', 'unit/pack~2': 'box' }],
      empty: '',
    });
    expect(view.extensions).toEqual([
      { path: '/lines/1/id', value: 'x7' },
      { path: '/lines/1/unit~1pack~02', value: 'box' },
      { path: '/extended_json', value: { hasvat: true } },
    ]);
    expect(view.recognized).toBe(true);
  });

  it('a key named like a member of every object (constructor, toString) is an extension, not a field', () => {
    const view = read(
      `{"docid":"65ccb7e9f625c47e587e2a82","doc":{"no":"A-1","date":"2025-06-10","constructor":"c"},"sellertin":"302000001","kind":"1","toString":"t","lines":[]}`,
    );
    expect(view.extensions).toEqual([
      { path: '/doc/constructor', value: 'c' },
      { path: '/toString', value: 't' },
    ]);
    expect(view.content?.Doc).toEqual({ No: 'A-1', Date: '2025-06-10' });
  });

  it('reports what the rules find as warnings and still reads the document', () => {
    const view = read({ ...lowerCase, sellertin: '12', doc: { no: 'A-1', date: '2025-06-10T09:30:00Z' } });
    expect(view.recognized).toBe(true);
    expect(view.content?.SellerTin).toBe('12');
    const paths = view.warnings.map((w) => `${w.instancePath} ${w.keyword}`);
    expect(paths).toContain('/SellerTin minLength');
    // A date with a time of day is not a day the national format knows: kept as sent, flagged.
    expect(paths).toContain('/Doc/Date isoDate');
  });

  it('does not recognize another document, nor text that is not a JSON object', () => {
    expect(read({ waybilldoc: { waybillno: '1' }, consignor: { tinorpinfl: '302000001' } }).recognized).toBe(
      false,
    );
    expect(read('not json').recognized).toBe(false);
    expect(read('[1,2]').recognized).toBe(false);
    // The kind's fields, but more fields of another document than a third of them.
    const other = read({
      ...lowerCase,
      truckdoc: { regno: '' },
      shippertin: '',
      consigneetin: '',
      shippername: '',
    });
    expect(other.recognized).toBe(false);
    expect(other.content).toBeNull();
  });
});

describe('readReceived on a real kind', () => {
  it('does not report the absence of Hujjat’s local fields (a document made elsewhere never has them)', () => {
    const waybill = JSON.parse(
      readFileSync('schemas/documents/waybill/fixtures/valid/01-car-seller-to-buyer.json', 'utf8'),
    );
    // By air: the national format's air block is unpublished, Hujjat's own (OtherTransport) is local.
    const byAir = { ...waybill, TransportType: 3, Roadway: null, Airway: { FlightNo: 'HY-51' } };
    for (const key of ['OtherTransport', 'CargoClass', 'ShipmentCount']) delete byAir[key];
    const direct = createValidator('waybill')(byAir, { now: '2025-06-10T12:00:00+05:00' });
    expect(direct.errors.map((e) => `${e.instancePath} ${e.keyword}`)).toContain(
      '/OtherTransport requiredUnless',
    );
    const view = readReceived('waybill', JSON.stringify(byAir));
    expect(view.warnings).toEqual([]);
    // The air block the hub sends is kept as it came.
    expect(view.content?.Airway).toEqual({ FlightNo: 'HY-51' });
  });
});
