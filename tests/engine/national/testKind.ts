import { registerKind } from '../../../src/engine';

/**
 * A kind of its own for the national serializer and the receipt profile: every shape they treat
 * differently (local fields at every depth, blocks that may be null, dates, sums and counts, a shared
 * definition through $ref, lines), independent of the real kinds' schemas.
 */
export const TEST_KIND = 'nationalTestKind';

export function registerTestKind() {
  return registerKind({
    kind: TEST_KIND,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['DocId', 'Doc', 'OldDoc', 'SellerTin', 'Lines'],
      properties: {
        DocId: { type: 'string', pattern: '^[0-9a-f]{24}$' },
        Doc: {
          type: 'object',
          additionalProperties: false,
          required: ['No', 'Date'],
          properties: { No: { type: 'string', minLength: 1 }, Date: { $ref: 'defs/isoDate.json' } },
        },
        OldDoc: {
          type: ['object', 'null'],
          additionalProperties: false,
          minProperties: 1,
          required: ['OldNo'],
          properties: { OldNo: { type: 'string', minLength: 1 }, OldId: { type: 'string' } },
        },
        Rent: {
          type: ['object', 'null'],
          additionalProperties: false,
          minProperties: 1,
          properties: { From: { $ref: 'defs/isoDate.json' } },
        },
        SellerTin: { $ref: 'defs/tinOrPinfl.json' },
        Kind: { type: 'integer', enum: [0, 1] },
        HasVat: { type: 'boolean' },
        Oked: { type: 'string' },
        Notes: { type: 'string', local: true },
        Cargo: {
          type: ['object', 'null'],
          local: true,
          properties: { Class: { type: 'integer' } },
        },
        Lines: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['OrdNo', 'Count', 'Price'],
            properties: {
              OrdNo: { type: 'integer', minimum: 1 },
              Count: { $ref: 'defs/count.json' },
              Price: { $ref: 'defs/money.json' },
              ShortName: { type: 'string', local: true },
              Marks: { $ref: 'defs/marks.json' },
            },
          },
        },
      },
    },
  });
}
