// Draft mode of the one validator (engine/draft.ts): the same schema and keywords less the
// completeness keywords. The browser drops those errors from the full check, the server checks the
// draft schema fail-fast: the two must agree on every kind.
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ajvOptions, createValidator, getKind, listKinds, registerKeywords } from '../../src/engine';
import { COMPLETENESS_KEYWORDS, draftErrors, draftSchema } from '../../src/engine/draft';
import { getLifecycle } from '../../src/engine/lifecycle';
import { loadFixtures } from './fixtures';
import { schemaPlaces } from './schemaWalk';

const kinds = listKinds('documents').map((k) => k.kind);
const ajv = registerKeywords(new Ajv({ ...ajvOptions, allErrors: false }));
const draftOf = new Map(kinds.map((kind) => [kind, ajv.compile(draftSchema(getKind(kind).schema))]));

/** A document of only its number, where the kind's life cycle says the number is. */
function numberOnly(kind: string): Record<string, unknown> {
  const steps = getLifecycle(kind).document.number.split('/').slice(1);
  const out: Record<string, any> = {};
  let node = out;
  for (const step of steps.slice(0, -1)) node = node[step] = {};
  node[steps[steps.length - 1]] = 'D-1';
  return out;
}

describe('draft mode', () => {
  it('leaves no completeness keyword in any kind’s draft schema', () => {
    for (const kind of kinds) {
      const text = JSON.stringify(draftSchema(getKind(kind).schema));
      for (const keyword of COMPLETENESS_KEYWORDS) expect(text, kind).not.toContain(`"${keyword}":`);
    }
  });

  it.each(kinds)('%s: a document of only its number is a valid draft and an invalid document', (kind) => {
    const document = numberOnly(kind);
    const full = createValidator(kind)(document).errors;
    expect(full.length).toBeGreaterThan(0);
    expect(draftErrors(full)).toEqual([]);
    expect(draftOf.get(kind)!(document)).toBe(true);
  });

  const fixtures = loadFixtures().filter((f) => kinds.includes(f.kind));
  it.each(fixtures.map((f) => [`${f.kind}/${f.name}`, f] as const))(
    '%s: the filtered full check and the draft schema agree',
    (_name, fixture) => {
      const filtered = draftErrors(
        createValidator(fixture.kind)(fixture.document, { now: fixture.now }).errors,
      );
      const draft = draftOf.get(fixture.kind)!;
      expect(draft.call({ now: fixture.now, serverChecks: [] }, fixture.document)).toBe(
        filtered.length === 0,
      );
    },
  );

  it.each(kinds)('%s: a draft is still refused for a wrong type and an oversize text', (kind) => {
    const validate = createValidator(kind);
    // The first string field with a maximum length and the first number field, wherever they are
    // (at the top level or in a block), written into a document of only its number.
    const places = schemaPlaces(getKind(kind).schema).filter((p) => !p.pointer.includes('*'));
    const text = places.find((p) => p.schema.type === 'string' && typeof p.schema.maxLength === 'number');
    const number = places.find((p) => p.schema.type === 'number' || p.schema.type === 'integer');
    const write = (pointer: string, value: unknown) => {
      const document: Record<string, any> = numberOnly(kind);
      const steps = pointer.split('/').slice(1);
      let node = document;
      for (const step of steps.slice(0, -1)) node = node[step] ??= {};
      node[steps[steps.length - 1]] = value;
      return document;
    };
    if (text) {
      const oversize = write(text.pointer, 'x'.repeat(text.schema.maxLength + 1));
      expect(
        draftErrors(validate(oversize).errors).map((e) => e.keyword),
        text.pointer,
      ).toContain('maxLength');
      expect(draftOf.get(kind)!(oversize)).toBe(false);
    }
    if (number) {
      const wrong = write(number.pointer, 'not a number');
      expect(
        draftErrors(validate(wrong).errors).map((e) => e.keyword),
        number.pointer,
      ).toContain('type');
      expect(draftOf.get(kind)!(wrong)).toBe(false);
    }
    expect(text ?? number).toBeDefined();
  });

  it('refuses a schema the draft mode cannot follow (a combinator)', () => {
    expect(() => draftSchema({ type: 'object', anyOf: [{ required: ['a'] }] })).toThrow(/anyOf/);
  });
});
