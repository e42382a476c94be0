import { describe, expect, it } from 'vitest';
import { getKind, type JsonSchema, resolveRef } from '../../../src/engine';
import { checkNationalExport, readReceived, toNationalJson } from '../../../src/engine/national';
import { loadFixtures } from '../fixtures';

const valid = loadFixtures().filter((f) => f.valid && getKind(f.kind).group === 'documents');

/** Every property path of a value whose schema marks it local (walked independently of the serializer). */
function localPaths(value: unknown, node: JsonSchema | undefined, root: JsonSchema, path = ''): string[] {
  const schema = node ? resolveRef(node, root) : undefined;
  if (!schema || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value))
    return value.flatMap((item, i) => localPaths(item, schema.items, root, `${path}/${i}`));
  return Object.entries(value).flatMap(([key, child]) => {
    const childSchema = schema.properties?.[key];
    if (childSchema && resolveRef(childSchema, root)?.local === true) return [`${path}/${key}`];
    return localPaths(child, childSchema, root, `${path}/${key}`);
  });
}

function withoutPaths(value: unknown, paths: string[]): unknown {
  const copy = structuredClone(value) as any;
  for (const path of paths) {
    const parts = path.split('/').slice(1);
    const last = parts.pop()!;
    delete parts.reduce((node, part) => node[part], copy)[last];
  }
  return copy;
}

/** null and absent mean the same unused block: drop nulls to compare. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, child]) => child !== null)
      .map(([key, child]) => [key, withoutNulls(child)]),
  );
}

describe('the national JSON of every valid fixture', () => {
  it('covers fixtures that carry local fields (the check below is not vacuous)', () => {
    const carrying = valid.filter(
      (f) => localPaths(f.document, getKind(f.kind).schema, getKind(f.kind).schema).length,
    );
    expect(carrying.map((f) => f.kind)).toEqual(expect.arrayContaining(['waybill', 'completionAct']));
  });

  it.each(valid.map((f) => [`${f.kind}/${f.name}`, f] as const))('%s', (_, fixture) => {
    const { schema } = getKind(fixture.kind);
    const text = toNationalJson(fixture.kind, fixture.document);
    const national = JSON.parse(text);

    // No property outside the national format, and what the hub wants of its form.
    expect(localPaths(national, schema, schema)).toEqual([]);
    expect(checkNationalExport(fixture.kind, text, { now: fixture.now })).toEqual([]);

    // Read back through the receipt profile: no warnings, nothing unknown, and everything else of the
    // document is there, unchanged (under its stored keys: a `nationalKeys` object is exported under
    // the operators' spelling), giving the same bytes again.
    const received = readReceived(fixture.kind, text, { now: fixture.now });
    expect(received.recognized).toBe(true);
    expect(received.warnings).toEqual([]);
    expect(received.extensions).toEqual([]);
    const local = localPaths(fixture.document, schema, schema);
    expect(withoutNulls(received.content)).toEqual(withoutNulls(withoutPaths(fixture.document, local)));
    expect(toNationalJson(fixture.kind, received.content)).toBe(text);
  });
});
