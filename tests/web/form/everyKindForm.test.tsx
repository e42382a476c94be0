// The form core on every kind's data (schemas/documents/*), so a kind added later is covered too:
// a draft saves with only its number, optional blocks stay optional, and every computed total
// computes wherever the schema places it (the waybill's goods groups inside an array).
import type Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeDocument, getKind, listKinds } from '../../../src/engine';
import type { ValidationMode } from '../../../src/engine/draft';
import { readPath } from '../../../src/engine/keywords/pointer';
import { getLifecycle } from '../../../src/engine/lifecycle';
import { blankDocument } from '../../../src/web/documents/editor/blankDocument';
import { prefillNew, writeDeep } from '../../../src/web/documents/editor/prefill';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { detachedLinePaths } from '../../../src/web/form/detachedLines';
import { formatDecimal } from '../../../src/web/form/format';
import { loadFormKind } from '../../../src/web/form/kinds';
import { loadFixtures } from '../../engine/fixtures';
import { schemaPlaces, valuesAt } from '../../engine/schemaWalk';

afterEach(cleanup);

const kinds = listKinds('documents').map((k) => k.kind);
const validFixtures = loadFixtures().filter((f) => f.valid && kinds.includes(f.kind));
const SENDER = '302000001';
/** The sender's requisites as DocumentOrganization/getOrgInfo answers them (every field it has). */
const OWN = {
  TinOrPinfl: SENDER,
  Tin: SENDER,
  Name: 'ООО «Demo Savdo» (demo)',
  BranchCode: '',
  VatRegCode: '326020000001',
  VatRegStatus: 20,
  Account: '20208000900000000001',
  BankId: '00450',
  Address: 'Toshkent shahri, Amir Temur ko‘chasi, 1',
  Oked: '46900',
  DistrictId: '2603',
  Director: 'Rahimov Aziz',
  Accountant: 'Sodiqova Malika',
  Mobile: '998901000001',
  WorkPhone: '998712000001',
  TaxpayerType: 10,
};

async function renderForm(kind: string, initialData: unknown, mode: 'create' | 'update' = 'update') {
  const definition = await loadFormKind(kind);
  const formRef = createRef<Form>();
  const validationMode = { current: 'complete' as ValidationMode };
  const onChange = vi.fn<(data: unknown) => void>();
  const onSubmit = vi.fn<(data: unknown) => void>();
  render(
    <DocumentForm
      schema={definition.schema as RJSFSchema}
      uiSchema={definition.ui as UiSchema}
      mode={mode}
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      formRef={formRef}
      validationMode={validationMode}
      hideSubmit
    />,
  );
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 10_000 });
  const submit = async (how: ValidationMode) => {
    validationMode.current = how;
    await act(async () => formRef.current?.submit());
  };
  const errors = () => (formRef.current?.state.errors ?? []) as Array<{ property?: string; name?: string }>;
  return { formRef, onChange, onSubmit, submit, errors, lastChange: () => onChange.mock.calls.at(-1)?.[0] };
}

/** Whether a data path (with `*`) runs through a product table (its lines are not RJSF fields). */
function inProductTable(ui: UiSchema, pointer: string): boolean {
  let node: any = ui;
  for (const step of pointer.split('/').slice(1)) {
    if (!node || typeof node !== 'object') return false;
    if (node['ui:field'] === 'productTable') return true;
    node = node[step === '*' ? 'items' : step];
  }
  return false;
}

/** RJSF's error property (".Roadway.ProductGroups.0.LoadingTrustee") as a path. */
const errorPath = (property = '') => property.replace(/^\./, '').split('.').join('/');

describe('every kind’s form saves a draft with only its number', () => {
  it.each(kinds)(
    '%s (prefilled from the sender’s requisites, a line begun without package)',
    async (kind) => {
      const { schema, ui } = getKind(kind);
      const blank = blankDocument(schema as never, ui as never, SENDER);
      let initial = writeDeep(
        prefillNew(kind, schema as never, blank, OWN, SENDER),
        getLifecycle(kind).document.number,
        'D-1',
      );
      // Every product table at a fixed place gets a line begun: its number and a classifier code.
      for (const path of detachedLinePaths(schema as RJSFSchema, ui as UiSchema)) {
        const line = schemaPlaces(schema).find((p) => p.pointer === `/${path.join('/')}/*`)?.schema;
        const started: Record<string, unknown> = {};
        if (line?.properties?.OrdNo) started.OrdNo = 1;
        if (line?.properties?.CatalogCode) started.CatalogCode = '00902001001031001';
        initial = writeDeep(initial, `/${path.join('/')}`, [started]);
      }
      const form = await renderForm(kind, initial, 'create');
      await form.submit('draft');
      expect(form.errors()).toEqual([]);
      expect(form.onSubmit).toHaveBeenCalledTimes(1);
      expect(readPath(form.onSubmit.mock.calls[0][0], getLifecycle(kind).document.number)).toBe('D-1');
      // Signing and sending checks it whole: the same form refuses it then, at its fields.
      await form.submit('complete');
      expect(form.onSubmit).toHaveBeenCalledTimes(1);
      expect(form.errors().length).toBeGreaterThan(0);
      expect(form.errors().some((e) => e.name === 'required')).toBe(true);
    },
  );
});

describe('optional blocks stay optional', () => {
  // Every required property that takes null and is null in a valid fixture, left out as a form
  // leaves a block nobody added: no error may point at it, and the page gets null there.
  const cases = validFixtures.map((fixture) => {
    const { schema, ui } = getKind(fixture.kind);
    const nullable = schemaPlaces(schema).filter(
      (p) =>
        p.required &&
        Array.isArray(p.schema.type) &&
        p.schema.type.includes('null') &&
        !inProductTable(ui as UiSchema, p.pointer),
    );
    const absent = nullable.flatMap((p) =>
      valuesAt(fixture.document, p.pointer).filter(({ value }) => value === null),
    );
    return { fixture, absent };
  });

  it.each(
    cases
      .filter((c) => c.absent.length > 0)
      .map((c) => [`${c.fixture.kind}/${c.fixture.name} (${c.absent.length} blocks)`, c] as const),
  )('%s', async (_name, { fixture, absent }) => {
    const content = structuredClone(fixture.document) as any;
    for (const { path } of absent) {
      const parent = path.slice(0, -1).reduce((node: any, step) => node[step], content);
      delete parent[path[path.length - 1] as string];
    }
    const form = await renderForm(fixture.kind, content);
    await form.submit('complete');
    const blamed = form.errors().map((e) => errorPath(e.property));
    for (const { path } of absent) {
      const where = path.join('/');
      expect(
        blamed.filter((p) => p === where || p.startsWith(`${where}/`)),
        where,
      ).toEqual([]);
      // A block nobody added has its add button (a nullable object).
      const element = document.getElementById(['root', ...path].join('_'));
      const schemaOf = getKind(fixture.kind).schema;
      const place = schemaPlaces(schemaOf).find(
        (p) => p.pointer === `/${path.map((s) => (typeof s === 'number' ? '*' : s)).join('/')}`,
      );
      if (place?.schema.type?.includes('object')) {
        expect(element?.classList.contains('form-section--empty'), where).toBe(true);
        expect(element?.querySelector('button'), where).not.toBeNull();
      }
    }
    const sent = form.onSubmit.mock.calls[0]?.[0] ?? form.lastChange();
    if (sent)
      for (const { path } of absent) expect(readPath(sent, path.join('/')), path.join('/')).toBeNull();
  });
});

describe('a block whose schema takes null', () => {
  it('can be added and removed without a UI option saying so (a waybill’s other-transport trustee)', async () => {
    const schema = {
      type: 'object',
      required: ['Trustee'],
      properties: {
        Trustee: {
          type: ['object', 'null'],
          title: 'forms:waybill.LoadingTrustee',
          required: ['FullName'],
          properties: { FullName: { type: 'string', title: 'forms:person.FullName' } },
        },
      },
    } as RJSFSchema;
    const onChange = vi.fn<(data: unknown) => void>();
    render(<DocumentForm schema={schema} uiSchema={{}} mode="create" initialData={{}} onChange={onChange} />);
    const add = await screen.findByRole('button', { name: /Заполнить блок/ });
    fireEvent.click(add);
    await waitFor(() => expect(document.getElementById('root_Trustee_FullName')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Убрать блок/ }));
    await waitFor(() => expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ Trustee: null }));
  });
});

describe('reading a document', () => {
  it.each(kinds)('%s: no field or list is marked as one to fill', async (kind) => {
    const fixture = validFixtures.find((f) => f.kind === kind)!;
    const definition = await loadFormKind(kind);
    render(
      <DocumentForm
        schema={definition.schema as RJSFSchema}
        uiSchema={definition.ui as UiSchema}
        mode="view"
        initialData={structuredClone(fixture.document)}
      />,
    );
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 10_000 });
    expect(document.querySelectorAll('.form-item-required').length).toBe(0);
  });

  it.each(kinds)('%s: a block nobody added is left out, not drawn as an empty frame', async (kind) => {
    // Every block that may be null, set to null in the kind's valid fixture, is absent from the view.
    const fixture = validFixtures.find((f) => f.kind === kind)!;
    const definition = await loadFormKind(kind);
    const document_ = structuredClone(fixture.document) as Record<string, unknown>;
    const nullable = Object.entries((definition.schema as any).properties ?? {})
      .filter(
        ([, s]: [string, any]) =>
          Array.isArray(s?.type) && s.type.includes('null') && s.type.includes('object'),
      )
      .map(([name]) => name);
    for (const name of nullable) document_[name] = null;
    render(
      <DocumentForm
        schema={definition.schema as RJSFSchema}
        uiSchema={definition.ui as UiSchema}
        mode="view"
        initialData={document_}
      />,
    );
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 10_000 });
    expect(document.querySelectorAll('.form-section--empty').length).toBe(0);
  });
});

describe('an item added to a list starts with its optional blocks left out', () => {
  // Every RJSF-drawn list (not a product table) whose items have required blocks that take null, in
  // every valid fixture holding that list: "Add" appends an item; none of its blocks is required.
  const cases = validFixtures.flatMap((fixture) => {
    const { schema, ui } = getKind(fixture.kind);
    return schemaPlaces(schema)
      .filter((p) => p.pointer.endsWith('/*') && !inProductTable(ui as UiSchema, p.pointer))
      .flatMap((item) => {
        const nullable = Object.entries((item.schema.properties ?? {}) as Record<string, any>)
          .map(([name]) => schemaPlaces(schema).find((p) => p.pointer === `${item.pointer}/${name}`))
          .filter((p) => p?.required && Array.isArray(p.schema.type) && p.schema.type.includes('null'))
          .map((p) => p!.pointer.split('/').pop() as string);
        if (nullable.length === 0) return [];
        return valuesAt(fixture.document, item.pointer.slice(0, -2))
          .filter(({ value }) => Array.isArray(value))
          .map(({ path, value }) => ({ fixture, path, count: (value as unknown[]).length, nullable }));
      });
  });

  it('covers the waybill’s goods groups', () => {
    expect(cases.some((c) => c.fixture.kind === 'waybill')).toBe(true);
  });

  it.each(cases.map((c) => [`${c.fixture.kind}/${c.fixture.name} /${c.path.join('/')}`, c] as const))(
    '%s',
    async (_name, { fixture, path, count, nullable }) => {
      const form = await renderForm(fixture.kind, structuredClone(fixture.document));
      const add = document.getElementById(`${['root', ...path].join('_')}__add`) as HTMLElement;
      expect(add).not.toBeNull();
      fireEvent.click(add);
      await waitFor(() => expect(document.getElementById(['root', ...path, count].join('_'))).not.toBeNull());
      await form.submit('complete');
      const blamed = form.errors().map((e) => errorPath(e.property));
      for (const name of nullable) {
        const where = [...path, count, name].join('/');
        expect(
          blamed.filter((p) => p === where || p.startsWith(`${where}/`)),
          where,
        ).toEqual([]);
        expect(readPath(form.lastChange(), where), where).toBeNull();
      }
    },
  );
});

describe('computed totals compute wherever the schema places them', () => {
  // Every documentTotals object whose lines are a product table, in every valid fixture: its totals
  // taken out, one line's cell typed again; the form writes the totals the server would compute.
  const cases = validFixtures.flatMap((fixture) => {
    const { schema, ui } = getKind(fixture.kind);
    return schemaPlaces(schema)
      .filter((p) => p.schema.documentTotals)
      .flatMap((place) => {
        const options = place.schema.documentTotals as { items: string; sums: Record<string, string> };
        const tablePointer = `${place.pointer}/${options.items}`;
        if (!inProductTable(ui as UiSchema, `${tablePointer}/*`)) return [];
        return valuesAt(fixture.document, place.pointer)
          .filter(({ value }) => {
            const lines = readPath(value, options.items);
            return Array.isArray(lines) && lines.length > 0;
          })
          .map(({ path }) => ({
            fixture,
            path,
            options,
            lineSchema: schemaPlaces(schema).find((p) => p.pointer === tablePointer)!,
          }));
      });
  });

  it('covers a table inside an array (the waybill)', () => {
    expect(cases.some((c) => c.fixture.kind === 'waybill' && c.path.some((s) => typeof s === 'number'))).toBe(
      true,
    );
  });

  it.each(cases.map((c) => [`${c.fixture.kind}/${c.fixture.name} /${c.path.join('/')}`, c] as const))(
    '%s',
    async (_name, { fixture, path, options, lineSchema }) => {
      const content = structuredClone(fixture.document) as any;
      const object = path.reduce((node: any, step) => node[step], content);
      for (const field of Object.keys(options.sums)) {
        const parts = field.split('/');
        const last = parts.pop() as string;
        const parent = parts.reduce((node: any, step) => node?.[step], object);
        if (parent) delete parent[last];
      }
      const form = await renderForm(fixture.kind, content);
      // The line field to type again: the count of the line arithmetic, or the first summed field.
      const mapping = lineSchema.schema.lineArithmetic as { count: string } | undefined;
      const field = mapping?.count ?? Object.values(options.sums)[0];
      const lines = readPath(object, options.items) as any[];
      const id = ['root', ...path, ...options.items.split('/'), 0, field].join('_');
      await waitFor(() => expect(document.getElementById(id)).not.toBeNull());
      const value = readPath(lines[0], field);
      fireEvent.focus(document.getElementById(id) as HTMLElement);
      const input = document.getElementById(id) as HTMLInputElement;
      fireEvent.change(input, { target: { value: String(Number(value) + 1).replace('.', ',') } });
      fireEvent.blur(input);
      await waitFor(() => expect(form.onChange).toHaveBeenCalled());
      const changed = form.lastChange();
      const expected = computeDocument(fixture.kind, changed);
      const at = (doc: unknown) => path.reduce((node: any, step) => node?.[step], doc);
      for (const total of Object.keys(options.sums)) {
        if (!(lineSchema && getRequired(fixture.kind, path).includes(total.split('/')[0]))) continue;
        expect(readPath(at(changed), total), total).toBeDefined();
        expect(readPath(at(changed), total), total).toBe(readPath(at(expected), total));
        // A read-only total reads as money (grouped, two decimals), not as the stored number.
        const field = document.getElementById(
          ['root', ...path, ...total.split('/')].join('_'),
        ) as HTMLInputElement | null;
        if (field?.readOnly)
          await waitFor(() =>
            expect(field.value, total).toBe(formatDecimal(readPath(at(expected), total), 'ru', 2)),
          );
      }
    },
  );
});

/** The `required` of the object at a concrete data path. */
function getRequired(kind: string, path: Array<string | number>): string[] {
  const pointer = `/${path.map((s) => (typeof s === 'number' ? '*' : s)).join('/')}`;
  return schemaPlaces(getKind(kind).schema).find((p) => p.pointer === pointer)?.schema.required ?? [];
}
