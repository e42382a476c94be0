import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listKinds, localizeKey, resolveRef } from '../../src/engine';

const LANGS = ['ru', 'uz', 'en'] as const;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
const lookup = (bundle: any, path: string) => path.split('.').reduce((node, part) => node?.[part], bundle);

/** Every "ns:key" string in a schema or UI schema of our namespaces. */
function collectKeys(node: unknown, out = new Set<string>()): Set<string> {
  if (typeof node === 'string' && /^(forms|documents|validation):[\w.]+$/.test(node)) out.add(node);
  else if (Array.isArray(node)) for (const item of node) collectKeys(item, out);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) collectKeys(value, out);
  return out;
}

describe('engine locales', () => {
  it('every label and enum key of every schema and UI schema exists in ru, uz and en', () => {
    const keys = new Set<string>();
    for (const group of ['documents', 'settings'] as const) {
      for (const kind of listKinds(group)) collectKeys([kind.schema, kind.ui], keys);
    }
    expect(keys.size).toBeGreaterThan(300);
    const missing: string[] = [];
    for (const lang of LANGS) {
      for (const key of keys) {
        const [ns, path] = key.split(':');
        const value = lookup(load(lang, ns), path);
        if (typeof value !== 'string' || value === '') missing.push(`${lang} ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('forms, documents and validation namespaces have the same keys in all languages', () => {
    const flatten = (node: any, prefix = ''): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    for (const ns of ['forms', 'documents', 'validation']) {
      const [ru, uz, en] = LANGS.map((lang) => flatten(load(lang, ns)).sort());
      expect(uz, ns).toEqual(ru);
      expect(en, ns).toEqual(ru);
    }
  });

  it('every keyword the localizer can name has a validation text', () => {
    const keywords = [
      'required',
      'requiredUnless',
      'requiredWithout',
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'minItems',
      'maxItems',
      'decimalPlaces',
      'phoneNumber',
      'correctionDeadline',
      'vatRateForDate',
      'lineArithmetic',
      'vatArithmetic',
      'dateOrder',
      'documentTotals',
      'additionalProperties',
      'type',
      'tin',
      'pinfl',
      'pinflOrTin',
      'email',
      'isoDate',
      'dateTime',
      'passportSerial',
      'isRegisteredTin',
      'passwordConfirmation',
      'noIndividual',
      'sellerNotBuyer',
      'notToOneself',
      'minProperties',
      'enum',
      'const',
      'pattern',
      'somethingUnknown',
    ];
    const params: Record<string, unknown> = { limit: 3, missingProperty: 'x', reason: 'min' };
    const keys = keywords.map((keyword) => localizeKey({ instancePath: '', keyword, params }).key);
    keys.push(
      ...['upper', 'lower', 'digit', 'special'].map(
        (reason) => localizeKey({ instancePath: '', keyword: 'password', params: { reason } }).key,
      ),
    );
    keys.push(
      ...['oldDocumentType', 'oldDocumentNotFound', 'waybillIdExists', 'documentInvalid'].map(
        (k) => `validation:${k}`,
      ),
    );
    for (const lang of LANGS) {
      const bundle = load(lang, 'validation');
      for (const key of keys)
        expect(typeof lookup(bundle, key.split(':')[1]), `${lang} ${key}`).toBe('string');
    }
  });

  it('every kind has a title in documents or forms', () => {
    for (const lang of LANGS) {
      for (const group of ['documents', 'settings'] as const) {
        for (const { titleKey } of listKinds(group)) {
          const [ns, path] = titleKey.split(':');
          expect(typeof lookup(load(lang, ns), path), `${lang} ${titleKey}`).toBe('string');
        }
      }
    }
  });
});

/**
 * Enum fields a person sees (not hidden; in a product table, its columns) whose options have no
 * names in the UI schema: they would show bare codes ("20") in the form and in print.
 */
function unnamedEnums(root: any, node: any, ui: any, path: string[], out: string[]): string[] {
  const schema = resolveRef(node, root) as any;
  if (!schema || ui?.['ui:widget'] === 'hidden') return out;
  if (ui?.['ui:field'] === 'productTable') {
    const options = ui['ui:options'] ?? {};
    for (const column of options.columns ?? []) {
      const field = String(column)
        .split('/')
        .reduce<any>((at, part) => resolveRef(at?.properties?.[part], root), resolveRef(schema.items, root));
      if (field?.enum && !options.enumNames?.[column]) out.push([...path, column].join('/'));
    }
    return out;
  }
  if (schema.enum && !ui?.['ui:enumNames']) out.push(path.join('/'));
  for (const [key, child] of Object.entries<any>(schema.properties ?? {}))
    unnamedEnums(root, child, ui?.[key], [...path, key], out);
  if (schema.items && !Array.isArray(schema.items))
    unnamedEnums(root, schema.items, ui?.items, [...path, '*'], out);
  return out;
}

describe('enum options', () => {
  it('every enum shown in a form or a product table names its options', () => {
    const unnamed = listKinds('documents').flatMap((kind) =>
      unnamedEnums(kind.schema, kind.schema, kind.ui, [kind.kind], []),
    );
    // (The railway direction is text in the operators' railway block, no longer a code.)
    expect(unnamed).toEqual([]);
  });
});
