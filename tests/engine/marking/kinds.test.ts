// Every kind whose lines carry marking codes, found from the schemas (scripts/markingRules.ts), gets
// the same rules from the same keywords, in the runtime and the precompiled validator alike.
import { describe, expect, it } from 'vitest';
import { markedLinePlaces, markingRuleProblems } from '../../../scripts/markingRules';
import { createValidator, getKind, listKinds, loadPrecompiledValidator } from '../../../src/engine';
import { draftErrors } from '../../../src/engine/draft';
import { FIXTURE_NOW, loadFixtures } from '../fixtures';
import { valuesAt } from '../schemaWalk';
import { consumerCode, ssccCode } from './codes';

const kinds = listKinds('documents')
  .map(({ kind }) => ({ kind, places: markedLinePlaces(getKind(kind).schema) }))
  .filter(({ places }) => places.length > 0);
const fixtures = loadFixtures().filter((f) => f.valid);

const MARKING = new Set(['markingCode', 'markingCodes', 'markingCount']);

/** A valid fixture of the kind with one line found, and a setter of that line's marks. */
function documentWithLine(kind: string) {
  const { lines, marks } = kinds.find((k) => k.kind === kind)!.places[0];
  const count = getKind(kind).schema.markingCount.count as string;
  for (const fixture of fixtures.filter((f) => f.kind === kind)) {
    const found = valuesAt(fixture.document, `/${lines}/*`);
    if (found.length === 0) continue;
    const pointer = `/${found[0].path.join('/')}`;
    return (value: unknown) => {
      const document = structuredClone(fixture.document) as any;
      const line = found[0].path.reduce((node: any, step) => node[step], document);
      line[marks] = value;
      return { document, marksPointer: `${pointer}/${marks}`, count: line[count] as number };
    };
  }
  throw new Error(`${kind}: no valid fixture with a line`);
}

async function markingErrors(kind: string, document: unknown) {
  const runtime = createValidator(kind)(document, { now: FIXTURE_NOW });
  const precompiled = (await loadPrecompiledValidator(kind))(document, { now: FIXTURE_NOW });
  expect(precompiled.errors).toEqual(runtime.errors);
  return runtime.errors.filter((e) => MARKING.has(e.keyword));
}

describe('marking codes, for every kind whose lines carry them', () => {
  it('finds the marked kinds from the schemas', () => {
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['invoice', 'oneSidedInvoice', 'hybridInvoice']),
    );
  });

  describe.each(kinds.map((k) => k.kind))('%s', (kind) => {
    const withMarks = documentWithLine(kind);

    it('accepts a line shipped in transport packages', async () => {
      const { document } = withMarks({ ProductType: 1, IdentTransUpak: [ssccCode(1), ssccCode(2)] });
      expect(await markingErrors(kind, document)).toEqual([]);
    });

    it('refuses a consumer code with a wrong GTIN check digit, on that code', async () => {
      const good = consumerCode(1);
      const bad = `${good.slice(0, 15)}${(Number(good[15]) + 1) % 10}${good.slice(16)}`;
      const { document, marksPointer } = withMarks({
        ProductType: 1,
        KIZ: [bad],
        IdentTransUpak: [ssccCode(1)],
      });
      const errors = await markingErrors(kind, document);
      expect(errors).toContainEqual(
        expect.objectContaining({
          keyword: 'markingCode',
          instancePath: `${marksPointer}/KIZ/0`,
          params: expect.objectContaining({ reason: 'gtinCheckDigit' }),
        }),
      );
    });

    it('refuses the same package twice, on the repeat', async () => {
      const sscc = ssccCode(3);
      const { document, marksPointer } = withMarks({ ProductType: 1, IdentTransUpak: [sscc, sscc.slice(2)] });
      expect(await markingErrors(kind, document)).toEqual([
        expect.objectContaining({
          keyword: 'markingCodes',
          instancePath: `${marksPointer}/IdentTransUpak/1`,
        }),
      ]);
    });

    it('refuses consumer codes that do not match the quantity, and a marked line without codes', async () => {
      const probe = withMarks(null);
      const n = Math.floor(probe.count) + 1;
      const codes = Array.from({ length: n }, (_, i) => consumerCode(i));
      const { document, marksPointer } = withMarks({ ProductType: 1, KIZ: codes });
      expect(await markingErrors(kind, document)).toEqual([
        expect.objectContaining({
          keyword: 'markingCount',
          instancePath: marksPointer,
          params: expect.objectContaining({ problem: 'consumer', actual: n }),
        }),
      ]);
      const empty = withMarks({ ProductType: 1 });
      const errors = await markingErrors(kind, empty.document);
      expect(errors).toEqual([
        expect.objectContaining({
          keyword: 'markingCount',
          params: expect.objectContaining({ problem: 'none' }),
        }),
      ]);
      // a draft is saved halfway through scanning; structure and duplicates still apply to it
      expect(draftErrors(errors)).toEqual([]);
    });
  });

  it('the schema build refuses a marked kind without the document-wide rules', () => {
    const schema = structuredClone(getKind('invoice').schema);
    delete schema.markingCount;
    expect(markingRuleProblems(schema)).toEqual([expect.stringContaining('"markingCount"')]);
    expect(markingRuleProblems(getKind('invoice').schema)).toEqual([]);
  });
});
