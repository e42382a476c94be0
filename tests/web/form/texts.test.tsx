import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { TranslatableString } from '@rjsf/utils';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormMode, getKind, type KindDefinition, listKinds } from '../../../src/engine';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { PrintDocument } from '../../../src/web/form/print/PrintDocument';
import { loadFormValidator } from '../../../src/web/form/validator';
import { NAMESPACES } from '../../../src/web/i18n';
import { formMounted } from './fixtures';

/**
 * What people read on every form — each registered kind, each of its modes (create, update, view and
 * the printed form), each language — holds no raw i18n key ("forms:invoice.WaybillLocalIds"), no
 * field name in place of a label ("ProductGroups-1", "SellerName"), no developer note from a schema
 * description and, in ru and uz, none of RJSF's English fallbacks ("Add Item", "Yes", "… is not
 * valid"). Text nodes and the aria-label, title, placeholder, alt and label attributes are read.
 * Each kind is rendered empty (create) and with its first valid fixture and, when another fixture
 * fills more of the form (optional arrays and blocks), with that one too.
 */

const LANGS = ['ru', 'uz', 'en'] as const;
type Lang = (typeof LANGS)[number];

const fixtureFiles = import.meta.glob<Record<string, unknown>>('../../../schemas/*/*/fixtures/valid/*.json', {
  eager: true,
  import: 'default',
});

function fixturesOf(kind: KindDefinition): Array<{ name: string; data: Record<string, unknown> }> {
  return Object.keys(fixtureFiles)
    .filter((path) => path.split('/').at(-4) === kind.kind && path.split('/').at(-5) === kind.group)
    .sort()
    .map((path) => ({
      name: path
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
      data: fixtureFiles[path],
    }));
}

/** Distinct filled paths (array items folded into one): how much of the form a fixture shows. */
function filledPaths(value: unknown, path = '', out = new Set<string>()): Set<string> {
  if (value === null || value === undefined || value === '') return out;
  if (Array.isArray(value)) {
    if (value.length > 0) out.add(`${path}[]`);
    for (const item of value) filledPaths(item, `${path}[]`, out);
  } else if (typeof value === 'object') {
    out.add(path);
    for (const [key, item] of Object.entries(value)) filledPaths(item, `${path}/${key}`, out);
  } else out.add(path);
  return out;
}

/** The first fixture and, if another one fills more of the form, the fullest one. */
function samplesOf(kind: KindDefinition) {
  const all = fixturesOf(kind);
  if (all.length === 0) return [];
  const fullest = all.reduce((best, f) =>
    filledPaths(f.data).size > filledPaths(best.data).size ? f : best,
  );
  return fullest === all[0] ? [all[0]] : [all[0], fullest];
}

// "forms:invoice.WaybillLocalIds", "form:rjsf.AddButton", "validation:required" — not a time
// ("12:30"), an address ("https://my.soliq.uz") or a sentence ("Итого: 5").
const RAW_KEY = new RegExp(
  `\\b[a-z][\\w-]*:[A-Za-z][\\w-]*\\.[\\w.-]+|\\b(?:${NAMESPACES.join('|')}):[A-Za-z]`,
);

// RJSF's own texts in English (its defaults when a text is not translated), as whole texts or words.
const RJSF_ENGLISH = new Set(
  Object.values(TranslatableString)
    .filter((text) => !text.includes('%'))
    .map((text) => text.toLowerCase()),
);
const ENGLISH_WORDS =
  /\b(?:is not valid|is a required property|must be|should be|Add Item|Add|Remove|Move up|Move down|Copy|Yes|No|Item|Items|New Value|Option \d+|Unknown field type|Unsupported field schema|No items yet)\b/;

const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-placeholder'];

/** Every text a person reads or hears: text nodes and the labelling attributes. */
function visibleTexts(root: Element): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of root.querySelectorAll('*')) {
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

/** What a kind's schema names that people should never read: property names and developer notes. */
interface SchemaWords {
  properties: Set<string>;
  notes: string[];
}

function schemaWords(node: unknown, out: SchemaWords = { properties: new Set(), notes: [] }): SchemaWords {
  if (Array.isArray(node)) for (const item of node) schemaWords(item, out);
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.properties && typeof schema.properties === 'object')
      for (const name of Object.keys(schema.properties)) out.properties.add(name);
    if (typeof schema.description === 'string' && !/^[a-z][\w-]*:[\w.-]+$/i.test(schema.description))
      out.notes.push(schema.description);
    for (const value of Object.values(schema)) schemaWords(value, out);
  }
  return out;
}

function problems(root: Element, lang: Lang, words: SchemaWords): string[] {
  const found = new Set<string>();
  for (const text of visibleTexts(root)) {
    // A field's name instead of its label: "WaybillLocalIds", or an array item's "ProductGroups-1".
    const name = /^(.+?)(-\d+)?\*?$/.exec(text);
    const isFieldName =
      !!name && words.properties.has(name[1]) && (!!name[2] || /^[A-Za-z][a-z0-9]*[A-Z]/.test(name[1]));
    if (RAW_KEY.test(text)) found.add(`raw key "${text}"`);
    else if (isFieldName) found.add(`field name "${text}"`);
    else if (words.notes.some((note) => note === text || (text.length >= 40 && note.includes(text))))
      found.add(`developer note "${text}"`);
    else if (lang !== 'en' && (RJSF_ENGLISH.has(text.toLowerCase()) || ENGLISH_WORDS.test(text)))
      found.add(`English "${text}"`);
  }
  return [...found];
}

const kinds = [...listKinds('documents'), ...listKinds('settings')];

interface Case {
  mode: FormMode;
  sample?: { name: string; data: Record<string, unknown> };
}

function casesOf(kind: KindDefinition): Case[] {
  const samples = samplesOf(kind);
  const cases: Case[] = [];
  for (const mode of kind.modes) {
    if (mode === 'create') cases.push({ mode });
    else for (const sample of samples) cases.push({ mode, sample });
  }
  return cases;
}

function renderCase(kind: KindDefinition, { mode, sample }: Case) {
  if (mode === 'print') {
    return render(
      <PrintDocument
        schema={kind.schema as RJSFSchema}
        uiSchema={kind.ui as UiSchema}
        titleKey={kind.titleKey}
        data={structuredClone(sample?.data ?? {})}
      />,
    );
  }
  return render(
    <DocumentForm
      schema={kind.schema as RJSFSchema}
      uiSchema={kind.ui as UiSchema}
      mode={mode}
      initialData={sample ? structuredClone(sample.data) : undefined}
    />,
  );
}

beforeAll(async () => {
  await Promise.all(kinds.map((kind) => loadFormValidator(kind.schema as RJSFSchema)));
  // Every language's texts, so a language change re-renders at once instead of suspending.
  for (const lang of LANGS) {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces(NAMESPACES);
  }
  await i18next.changeLanguage('ru');
});

afterAll(async () => {
  await act(() => i18next.changeLanguage('ru'));
});

// One render per kind, mode and sample, read in each language in turn (a language change re-renders
// the form with the new texts, as it does for people).
describe('form texts', () => {
  it.each(kinds.map((kind) => [kind.kind, kind] as const))(
    '%s: no raw i18n key, field name, developer note or English fallback in any mode or language',
    async (_, kind) => {
      const words = schemaWords(kind.schema);
      const found: string[] = [];
      for (const item of casesOf(kind)) {
        const where = `${kind.kind} ${item.mode}${item.sample ? ` (${item.sample.name})` : ''}`;
        const { container, unmount } = renderCase(kind, item);
        for (const lang of LANGS) {
          await act(() => i18next.changeLanguage(lang));
          // A long form may mount its lower part right after the first frame.
          await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
          if (!container.textContent?.trim()) found.push(`${where} ${lang}: nothing rendered`);
          for (const problem of problems(container, lang, words)) found.push(`${where} ${lang}: ${problem}`);
        }
        unmount();
        await act(() => i18next.changeLanguage('ru'));
      }
      expect(found).toEqual([]);
    },
  );
});

// No fixture fills WaybillLocalIds (an array of plain strings, drawn by RJSF's ArrayField and the
// theme's array templates): the invoice's first fixture with two waybills.
describe('an array of plain values (the invoice’s WaybillLocalIds)', () => {
  const invoice = () => getKind('invoice');
  const withWaybills = (ids: string[]) => ({
    ...structuredClone(samplesOf(invoice())[0].data),
    WaybillLocalIds: ids,
  });
  const renderInvoice = async (mode: 'update' | 'view', ids: string[]) => {
    const rendered = render(
      <DocumentForm
        schema={invoice().schema as RJSFSchema}
        uiSchema={invoice().ui as UiSchema}
        mode={mode}
        initialData={withWaybills(ids)}
      />,
    );
    await formMounted();
    return rendered;
  };
  const list = () => document.getElementById('root_WaybillLocalIds') as HTMLElement;

  it('edits with a title, item labels and add, move and remove buttons in the language', async () => {
    await renderInvoice('update', ['TTN-1', 'TTN-2']);
    expect(within(list()).getByText('Связанные ТТН', { selector: 'legend' })).toBeInTheDocument();
    expect(within(list()).getByRole('textbox', { name: 'Связанные ТТН, № 1' })).toHaveValue('TTN-1');
    expect(within(list()).getByRole('textbox', { name: 'Связанные ТТН, № 2' })).toHaveValue('TTN-2');
    expect(within(list()).getAllByRole('button', { name: 'Удалить' })).toHaveLength(2);
    expect(within(list()).getAllByRole('button', { name: 'Выше' })).toHaveLength(2);
    expect(within(list()).getAllByRole('button', { name: 'Ниже' })).toHaveLength(2);

    await userEvent.click(within(list()).getByRole('button', { name: 'Добавить' }));
    expect(within(list()).getAllByRole('textbox')).toHaveLength(3);
    await userEvent.click(within(list()).getAllByRole('button', { name: 'Удалить' })[0]);
    expect(
      within(list())
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['TTN-2', '']);

    try {
      await act(() => i18next.changeLanguage('uz'));
      expect(within(list()).getByText('Bogʻliq TTYlar', { selector: 'legend' })).toBeInTheDocument();
      expect(within(list()).getByRole('textbox', { name: 'Bogʻliq TTYlar, № 1' })).toHaveValue('TTN-2');
      expect(problems(list(), 'uz', schemaWords(invoice().schema))).toEqual([]);
    } finally {
      await act(() => i18next.changeLanguage('ru'));
    }
  });

  it('shows the values without buttons in view, and "—" for an empty list', async () => {
    const { unmount } = await renderInvoice('view', ['TTN-1']);
    expect(within(list()).getByText('TTN-1')).toBeInTheDocument();
    expect(within(list()).queryByRole('button')).toBeNull();
    unmount();
    await renderInvoice('view', []);
    expect(within(list()).getByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
  });
});
