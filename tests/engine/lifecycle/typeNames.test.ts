import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/forms.json';
import ru from '../../../locales/ru/forms.json';
import uz from '../../../locales/uz/forms.json';
import { getKind } from '../../../src/engine';
import { getLifecycle, lifecycleKinds, typeNameKey } from '../../../src/engine/lifecycle';

// Lists, the Excel export and statistics name a document's subtype (issue 26: the export wrote the raw
// code "0"). Every subtype value a kind's schema allows has its name in every language.
const LOCALES = { ru, uz, en } as Record<string, unknown>;
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const typed = lifecycleKinds().filter((kind) => getLifecycle(kind).document.type);

describe.each(typed)('subtype names of %s', (kind) => {
  const pointer = getLifecycle(kind).document.type as string;
  const field = pointer.split('/').filter(Boolean);
  const schema = field.reduce<any>((node, part) => node?.properties?.[part], getKind(kind).schema);
  const values: unknown[] = schema?.enum ?? schema?.oneOf?.map((o: { const: unknown }) => o.const) ?? [];

  it('has an enumerated subtype field', () => {
    expect(values.length, `${kind} ${pointer}`).toBeGreaterThan(0);
  });

  it.each(Object.keys(LOCALES))('every value is named in %s', (lang) => {
    for (const value of values) {
      const key = typeNameKey(kind, value as string) as string;
      const name = lookup(LOCALES[lang], key.replace(/^forms:/, ''));
      expect(typeof name === 'string' && name.length > 0, `${lang} ${key}`).toBe(true);
    }
  });
});

it('a kind without a subtype, or an empty value, has no name key', () => {
  const untyped = lifecycleKinds().find((kind) => !getLifecycle(kind).document.type) as string;
  expect(typeNameKey(untyped, '0')).toBeNull();
  expect(typeNameKey('invoice', null)).toBeNull();
  expect(typeNameKey('invoice', '0')).toBe('forms:enums.FacturaType.0');
});
