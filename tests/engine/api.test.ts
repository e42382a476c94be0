import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  computeDocument,
  createValidator,
  getKind,
  listKinds,
  loadPrecompiledValidator,
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

  it('recomputes nested totals and VAT on totals (act of completed work)', () => {
    const act = JSON.parse(
      readFileSync('schemas/documents/completionAct/fixtures/valid/01-two-services.json', 'utf8'),
    );
    const tampered = { ...structuredClone(act), TotalSumWithoutVat: 1, VatSum: 2, TotalSum: 3 };
    tampered.ProductList.Products[1].TotalSum = 5;
    expect(computeDocument('completionAct', tampered)).toEqual(act);
  });
});
