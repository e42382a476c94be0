// The checks read whatever a client sends as a document: hostile shapes are evaluated, never thrown.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { runChecks } from '../../../src/server/services/checks';
import { DemoTaxAuthority } from '../../../src/server/services/soliq/demo/demoAuthority';

const emptyDb = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Db;
const caller = {
  user: { organizationId: '00000000-0000-0000-0000-000000000001' },
  identity: '302000001',
  lang: 'ru' as const,
};

describe('checks on hostile content', () => {
  it('answers for odd shapes and values without throwing', async () => {
    const odd: unknown[] = [
      {},
      { FacturaDoc: 'x', ProductList: { Products: 'no' } },
      { FacturaDoc: { FacturaDate: '9999-99-99', FacturaNo: { a: 1 } }, FacturaType: 'abc' },
      {
        ProductList: {
          Products: [null, 1, 'x', { CatalogCode: 5, VatRate: 'NaN', DeliverySumWithVat: 'abc' }],
        },
      },
      {
        SellerTin: ['302000001'],
        BuyerTin: { x: 1 },
        WaybillLocalIds: [null, {}, 7],
        OldFacturaDoc: { OldFacturaId: [] },
      },
    ];
    for (const content of odd) {
      const answer = await runChecks({
        db: emptyDb,
        authority: new DemoTaxAuthority(emptyDb),
        caller,
        kind: 'invoice',
        content,
        moment: 'editor',
      });
      expect(Array.isArray(answer.checks)).toBe(true);
    }
  });
});
