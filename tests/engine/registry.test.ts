import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/build-schemas';
import {
  computeDocument,
  createValidator,
  getKind,
  listKinds,
  localizeErrors,
  registerKind,
} from '../../src/engine';

describe('a new kind needs only a schema folder and locale keys', () => {
  it('registers a kind from a temporary folder, validates, localizes and recomputes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hujjat-kind-'));
    writeFileSync(
      join(dir, 'schema.json'),
      JSON.stringify({
        title: 'documents:kinds.deliveryNote',
        type: 'object',
        additionalProperties: false,
        required: ['NoteNo', 'NoteDate', 'SellerTin', 'BuyerTin', 'Lines', 'Total'],
        sellerNotBuyer: { seller: 'SellerTin', buyer: 'BuyerTin' },
        documentTotals: { items: 'Lines', sums: { Total: 'Sum' } },
        properties: {
          NoteNo: { title: 'forms:deliveryNote.NoteNo', type: 'string', minLength: 1 },
          NoteDate: { title: 'forms:deliveryNote.NoteDate', $ref: 'defs/isoDate.json' },
          SellerTin: { title: 'forms:deliveryNote.SellerTin', $ref: 'defs/tinOrPinfl.json' },
          BuyerTin: { title: 'forms:deliveryNote.BuyerTin', $ref: 'defs/tinOrPinfl.json' },
          Lines: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['Count', 'Price', 'Sum'],
              properties: {
                Count: { $ref: 'defs/count.json' },
                Price: { $ref: 'defs/money.json' },
                Sum: { $ref: 'defs/money.json' },
              },
            },
            lineArithmetic: { count: 'Count', price: 'Price', deliverySum: 'Sum' },
          },
          Total: { $ref: 'defs/money.json' },
        },
      }),
    );
    writeFileSync(join(dir, 'ui.json'), JSON.stringify({ Lines: { 'ui:field': 'productTable' } }));
    writeFileSync(
      join(dir, 'forms.en.json'),
      JSON.stringify({
        deliveryNote: {
          NoteNo: 'Note number',
          NoteDate: 'Note date',
          SellerTin: 'Seller TIN',
          BuyerTin: 'Buyer TIN',
        },
      }),
    );

    const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
    registerKind({ kind: 'deliveryNote', schema: read('schema.json'), ui: read('ui.json') });
    expect(listKinds().map((k) => k.kind)).toContain('deliveryNote');
    expect(JSON.stringify(getKind('deliveryNote').schema)).not.toMatch(/"\$ref":"defs\//);

    const validate = createValidator('deliveryNote');
    const good = {
      NoteNo: '1',
      NoteDate: '2025-05-15',
      SellerTin: '301234567',
      BuyerTin: '302345678',
      Lines: [{ Count: 3, Price: 0.1, Sum: 0.3 }],
      Total: 0.3,
    };
    expect(validate(good).valid).toBe(true);
    const bad = { ...good, BuyerTin: good.SellerTin, NoteDate: '2025-13-01', Total: 1 };
    const result = validate(bad);
    expect(result.errors.map((e) => [e.keyword, e.instancePath])).toEqual(
      expect.arrayContaining([
        ['sellerNotBuyer', '/BuyerTin'],
        ['isoDate', '/NoteDate'],
        ['documentTotals', '/Total'],
      ]),
    );

    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: {
        en: {
          forms: read('forms.en.json'),
          validation: JSON.parse(readFileSync('locales/en/validation.json', 'utf8')),
        },
      },
    });
    const messages = localizeErrors(
      result.errors,
      (key, params) => i18n.t(key, params) as string,
      getKind('deliveryNote').schema,
    );
    expect(messages.find((m) => m.keyword === 'isoDate')?.params.field).toBe('Note date');
    expect((computeDocument('deliveryNote', { ...good, Total: 5 }) as typeof good).Total).toBe(0.3);
  });
});

describe('generated files', () => {
  it('are fresh: src/engine/generated matches what scripts/build-schemas.ts produces', () => {
    const stale = [...generate()].filter(([path, content]) => {
      try {
        return readFileSync(join('src/engine/generated', path), 'utf8') !== content;
      } catch {
        return true;
      }
    });
    expect(stale.map(([path]) => path)).toEqual([]);
    // Generating every kind's validators takes ~25 s on a 2-core machine alone, over 40 s in a full run.
  }, 180_000);
});
