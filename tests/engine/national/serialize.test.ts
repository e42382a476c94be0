import { beforeAll, describe, expect, it } from 'vitest';
import { toNationalJson } from '../../../src/engine/national';
import { registerTestKind, TEST_KIND } from './testKind';

beforeAll(registerTestKind);

const base = {
  DocId: '65ccb7e9f625c47e587e2a82',
  Doc: { No: 'A-1', Date: '2025-06-10' },
  OldDoc: null,
  SellerTin: '302000001',
  Lines: [{ OrdNo: 1, Count: 2, Price: 1000.5 }],
};

const national = (content: unknown) => JSON.parse(toNationalJson(TEST_KIND, content));

describe('toNationalJson', () => {
  it('strips fields marked local, at the top, inside blocks and inside lines', () => {
    const text = toNationalJson(TEST_KIND, {
      ...base,
      Notes: 'for us only',
      Cargo: { Class: 2 },
      Lines: [{ OrdNo: 1, Count: 2, Price: 3, ShortName: 'short' }],
    });
    expect(text).not.toMatch(/Notes|Cargo|ShortName/);
    expect(JSON.parse(text).Lines).toEqual([{ OrdNo: 1, Count: 2, Price: 3, Marks: null }]);
  });

  it('writes keys in the schema’s order whatever the content’s order (jsonb reorders keys)', () => {
    const shuffled = {
      Lines: [{ Price: 1000.5, Count: 2, OrdNo: 1 }],
      SellerTin: '302000001',
      OldDoc: null,
      Doc: { Date: '2025-06-10', No: 'A-1' },
      DocId: '65ccb7e9f625c47e587e2a82',
    };
    expect(toNationalJson(TEST_KIND, shuffled)).toBe(toNationalJson(TEST_KIND, base));
    expect(toNationalJson(TEST_KIND, base)).toBe(
      '{"DocId":"65ccb7e9f625c47e587e2a82","Doc":{"No":"A-1","Date":"2025-06-10"},"OldDoc":null,' +
        '"Rent":null,"SellerTin":"302000001","Lines":[{"OrdNo":1,"Count":2,"Price":1000.5,"Marks":null}]}',
    );
  });

  it('sends an unused block as null: absent, {} and a block of empty strings alike', () => {
    for (const OldDoc of [undefined, {}, { OldNo: '', OldId: '' }, null]) {
      expect(national({ ...base, OldDoc }).OldDoc).toBeNull();
    }
    expect(national({ ...base, Rent: { From: '' } }).Rent).toBeNull();
    expect(national({ ...base, OldDoc: { OldNo: '7' } }).OldDoc).toEqual({ OldNo: '7' });
  });

  it('keeps at most 6 decimals in counts and 2 in sums, rounding half-up on the exact text', () => {
    const out = national({ ...base, Lines: [{ OrdNo: 1, Count: 1.23456789, Price: 1.005 }] });
    expect(out.Lines[0]).toMatchObject({ Count: 1.234568, Price: 1.01 });
    expect(national({ ...base, Lines: [{ OrdNo: 1, Count: 0.1, Price: -2.675 }] }).Lines[0]).toMatchObject({
      Count: 0.1,
      Price: -2.68,
    });
  });

  it('writes dates as yyyy-MM-dd only', () => {
    expect(national({ ...base, Doc: { No: '1', Date: '2025-06-10T00:00:00Z' } }).Doc.Date).toBe('2025-06-10');
  });

  it('drops what the schema does not know', () => {
    const out = national({ ...base, Expansion: { OrderNumber: '5' }, Doc: { ...base.Doc, Id: 'x' } });
    expect(out).not.toHaveProperty('Expansion');
    expect(out.Doc).toEqual(base.Doc);
  });

  it('is deterministic and does not touch its input', () => {
    const input = structuredClone({ ...base, Notes: 'x' });
    const before = JSON.stringify(input);
    expect(toNationalJson(TEST_KIND, input)).toBe(toNationalJson(TEST_KIND, input));
    expect(JSON.stringify(input)).toBe(before);
  });
});
