// Every `documentTotals` object of every kind, wherever its schema places it (the waybill's goods
// groups sit inside an array): the server's computation writes its required totals from the lines
// even when the document came without them. Found by walking the schemas, not listed by hand.
import { describe, expect, it } from 'vitest';
import { computeDocument, getKind, listKinds } from '../../src/engine';
import { readPath } from '../../src/engine/keywords/pointer';
import { sumCents } from '../../src/engine/lines';
import { scaledToNumber } from '../../src/engine/scaled';
import { loadFixtures } from './fixtures';
import { schemaPlaces, valuesAt } from './schemaWalk';

const kinds = listKinds('documents').map((k) => k.kind);
const fixtures = loadFixtures().filter((f) => f.valid && kinds.includes(f.kind));

function totalsPlaces(kind: string) {
  return schemaPlaces(getKind(kind).schema).filter((place) => place.schema.documentTotals);
}

/** Removes a slash path inside an object (the total), leaving its parents. */
function remove(object: Record<string, any>, field: string) {
  const parts = field.split('/');
  const last = parts.pop() as string;
  const parent = parts.reduce<any>((node, part) => node?.[part], object);
  if (parent && typeof parent === 'object') delete parent[last];
}

describe('computed totals at any depth', () => {
  it('the walk finds totals inside arrays (the waybill’s goods groups)', () => {
    const nested = kinds.flatMap((kind) => totalsPlaces(kind).filter((p) => p.pointer.includes('*')));
    expect(nested.length).toBeGreaterThan(0);
    expect(totalsPlaces('waybill').map((p) => p.pointer)).toContain('/Roadway/ProductGroups/*/ProductInfo');
  });

  const cases = fixtures.flatMap((fixture) =>
    totalsPlaces(fixture.kind).flatMap((place) =>
      valuesAt(fixture.document, place.pointer)
        .filter(({ value }) => value && typeof value === 'object')
        .map(({ path }) => ({ fixture, place, path })),
    ),
  );

  it.each(cases.map((c) => [`${c.fixture.kind}/${c.fixture.name} /${c.path.join('/')}`, c] as const))(
    '%s: required totals written from the lines when absent',
    (_name, { fixture, place, path }) => {
      const options = place.schema.documentTotals as { items: string; sums: Record<string, string> };
      const document = structuredClone(fixture.document) as any;
      const object = path.reduce((node: any, step) => node[step], document);
      const lines = readPath(object, options.items) as unknown[];
      for (const field of Object.keys(options.sums)) remove(object, field);

      const computed = computeDocument(fixture.kind, document) as any;
      const after = path.reduce((node: any, step) => node[step], computed);
      for (const [field, lineField] of Object.entries(options.sums)) {
        const topRequired = (place.schema.required ?? []).includes(field.split('/')[0]);
        if (!topRequired) continue;
        const expected = scaledToNumber(sumCents(lines, lineField), 2);
        expect(readPath(after, field), field).toBe(expected);
        // The fixture (a valid document) said the same.
        expect(readPath(after, field)).toBe(
          readPath(
            path.reduce((n: any, s) => n[s], fixture.document),
            field,
          ),
        );
      }
    },
  );
});
