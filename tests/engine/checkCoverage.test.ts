// Which kinds the pre-sign checks cover, from the data. Where the check "benefit-per-line" finds the lines' benefits: the schemas' own
// declaration (serverCheck benefitFitsLine), for every kind — and the rule covers exactly the kinds
// that declare one, so a kind given benefit lines later is not silently left unchecked.
import { expect, it } from 'vitest';
import { getKind, listKinds } from '../../src/engine';
import { checkRules } from '../../src/engine/checks';
import { benefitLines, benefitPlaces } from '../../src/engine/checks/benefitLines';
import { getLifecycle } from '../../src/engine/lifecycle';
import { schemaPlaces } from './schemaWalk';

const declares = (schema: Record<string, any>) =>
  schema.serverCheck === 'benefitFitsLine' || schema.serverCheck?.name === 'benefitFitsLine';

const kinds = listKinds('documents').map((k) => k.kind);

it.each(kinds)('%s: the benefit places are those its schema declares', (kind) => {
  const root = getKind(kind).schema;
  const expected = schemaPlaces(root)
    .filter((place) => declares(place.schema))
    .map((place) => place.pointer);
  expect(benefitPlaces(root).map((place) => place.pointer)).toEqual(expected);
});

it('the rule applies to every kind with benefit lines and to no other', () => {
  const withBenefits = kinds.filter((kind) => benefitPlaces(getKind(kind).schema).length > 0).sort();
  expect(withBenefits.length).toBeGreaterThan(0);
  const rule = checkRules().find((r) => r.id === 'benefit-per-line');
  expect([...(rule?.appliesTo.kinds ?? [])].sort()).toEqual(withBenefits);
});

it('reads each line that takes a benefit with its code, the date and the parties, numbered from 1', () => {
  const places = benefitPlaces(getKind('invoice').schema);
  const content = {
    SellerTin: '302000001',
    BuyerTin: '302000002',
    FacturaDoc: { FacturaDate: '2026-11-05' },
    ProductList: {
      Products: [
        { CatalogCode: '00000000000000001', LgotaId: null },
        { CatalogCode: '00000000000000002', LgotaId: 990000000101 },
        { CatalogCode: '', LgotaId: 7 },
      ],
    },
  };
  expect(benefitLines(places, content)).toEqual([
    {
      line: 2,
      benefit: 990000000101,
      values: { code: '00000000000000002', date: '2026-11-05', seller: '302000001', buyer: '302000002' },
    },
    { line: 3, benefit: 7, values: { date: '2026-11-05', seller: '302000001', buyer: '302000002' } },
  ]);
  expect(benefitLines(places, { ProductList: { Products: 'x' } })).toEqual([]);
});

it("the duplicate rule covers every kind issue 26's send refusal covers (a number and a date to key on)", () => {
  const keyed = kinds
    .filter((kind) => {
      const lifecycle = getLifecycle(kind);
      return (
        Boolean(lifecycle.document.number && lifecycle.document.date) &&
        lifecycle.actions.some((action) => action.name === 'send' && action.sign.shape === 'document')
      );
    })
    .sort();
  const rule = checkRules().find((r) => r.id === 'duplicate-number');
  expect(rule?.on).toContain('send');
  expect([...(rule?.appliesTo.kinds ?? [])].sort()).toEqual(keyed);
});
