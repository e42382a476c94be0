import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  computeDocument,
  createValidator,
  getKind,
  listKinds,
  loadPrecompiledValidator,
  registerKind,
} from '../../src/engine';

const invoice = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));

describe('engine API', () => {
  it('lists the invoice kind with a bundled, self-contained schema', () => {
    expect(listKinds().map((k) => k.kind)).toContain('invoice');
    const { schema, modes } = getKind('invoice');
    expect(JSON.stringify(schema)).not.toMatch(/"\$ref":"defs\//);
    expect(schema.$defs.productLine).toBeDefined();
    expect(modes).toEqual(['create', 'update', 'view', 'print']);
  });

  it('validates the same with the runtime and the precompiled validator', async () => {
    const runtime = createValidator('invoice');
    const precompiled = await loadPrecompiledValidator('invoice');
    expect(runtime(invoice, { now: '2025-06-10' }).valid).toBe(true);
    const bad = structuredClone(invoice);
    bad.BuyerTin = bad.SellerTin;
    const a = runtime(bad, { now: '2025-06-10' });
    const b = precompiled(bad, { now: '2025-06-10' });
    expect(a.valid).toBe(false);
    expect(b.errors).toEqual(a.errors);
    expect(a.errors.map((e) => [e.keyword, e.instancePath])).toContainEqual(['sellerNotBuyer', '/BuyerTin']);
  });

  it('recomputes computed values without trusting the client', () => {
    const tampered = structuredClone(invoice);
    tampered.ProductList.Products[0].DeliverySum = 1;
    tampered.ProductList.Products[0].VatSum = 2;
    const computed = computeDocument('invoice', tampered) as typeof invoice;
    expect(computed.ProductList.Products[0].DeliverySum).toBe(125005);
    expect(computed.ProductList.Products[0].VatSum).toBe(15000.6);
    expect(computed.ProductList.Products[0].DeliverySumWithVat).toBe(140005.6);
    expect(tampered.ProductList.Products[0].DeliverySum).toBe(1);
  });

  it('recomputes an act’s lines: VAT per line, total with VAT (the operators’ rule)', () => {
    const act = JSON.parse(
      readFileSync('schemas/documents/completionAct/fixtures/valid/01-two-services.json', 'utf8'),
    );
    const tampered = structuredClone(act);
    Object.assign(tampered.ProductList.Products[1], { TotalSumWithoutVat: 1, VatSum: 2, TotalSum: 3 });
    expect(computeDocument('completionAct', tampered)).toEqual(act);
    expect(act.ProductList.Products[1]).toMatchObject({
      TotalSumWithoutVat: 437500,
      VatSum: 52500,
      TotalSum: 490000,
    });
  });

  it('recomputes nested totals and VAT on totals', () => {
    registerKind({
      kind: 'apiTestTotals',
      schema: {
        type: 'object',
        documentTotals: { items: 'List/Lines', sums: { Base: 'Sum' } },
        vatArithmetic: { base: 'Base', rate: 'Rate', vatSum: 'Vat', total: 'Total' },
        properties: {
          List: {
            type: 'object',
            properties: {
              Lines: {
                type: 'array',
                lineArithmetic: { count: 'Count', price: 'Price', deliverySum: 'Sum' },
              },
            },
          },
        },
      },
    });
    const doc = {
      List: {
        Lines: [
          { Count: 2, Price: 2.5, Sum: 0 },
          { Count: 1, Price: 0.04, Sum: 0 },
        ],
      },
      Base: 0,
      Rate: 12,
      Vat: 0,
      Total: 0,
    };
    expect(computeDocument('apiTestTotals', doc)).toMatchObject({
      List: { Lines: [{ Sum: 5 }, { Sum: 0.04 }] },
      Base: 5.04,
      Vat: 0.6,
      Total: 5.64,
    });
  });
});
