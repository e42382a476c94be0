import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type KindDefinition, listKinds } from '../../../src/engine';
import { uiFields } from '../../../src/engine/ui/derive';
import { isDateSchema, isIdentifierSchema, partyFillOf, type Schema } from '../../../src/engine/ui/parties';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { readAt } from '../../../src/web/form/theme/formContext';
import { loadFormValidator } from '../../../src/web/form/validator';

// Every party's TIN field of every kind looks the party up and fills its fields, and every date
// field takes a day typed as people write it — found by walking each kind's schema, so a new kind
// (or a new party of a kind) is covered without new test code. What a TIN fills is read from the
// schema alone (engine/ui/parties.ts), never from ui.json: a ui.json that names a wrong target or
// leaves a party without the look-up fails here.

/** What DocumentOrganization/getOrgInfoByTin answers for an organisation and for a person. */
const ORGANIZATION: Record<string, unknown> = {
  TinOrPinfl: '305000001',
  Tin: '305000001',
  Name: 'MChJ «Demo Farm Savdo» (demo)',
  BranchCode: '00001',
  BranchName: 'Bosh ofis (demo)',
  TaxpayerType: 20,
  VatRegCode: '326050000001',
  VatRegStatus: 20,
  Account: '20208000100400000011',
  BankId: '09001',
  BankName: 'DEMO MILLIY BANK (demo)',
  Oked: '46460',
  Address: "Toshkent sh., Demo ko'chasi 11 (demo)",
  DistrictId: '2601',
  Director: 'Qodirov Sherzod (demo)',
  Accountant: 'Usmonova Dildora (demo)',
  Source: 'registry',
  IsDemo: true,
};
const PERSON: Record<string, unknown> = {
  TinOrPinfl: '30101901230012',
  Pinfl: '30101901230012',
  Name: 'Karimov Anvar Olimovich (demo)',
  Source: 'registry',
  IsDemo: true,
};

const server = setupServer(
  http.get('/api/DocumentOrganization/getOrgInfoByTin', ({ request }) => {
    const tin = new URL(request.url).searchParams.get('tin') ?? '';
    const party =
      tin.length === 14
        ? { ...PERSON, TinOrPinfl: tin, Pinfl: tin }
        : { ...ORGANIZATION, TinOrPinfl: tin, Tin: tin };
    return HttpResponse.json({ success: true, data: party });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const kinds = listKinds('documents');
// Ten kinds' validators: longer than a hook's default 10 s on a busy machine.
beforeAll(async () => {
  await Promise.all(kinds.map((kind) => loadFormValidator(kind.schema as RJSFSchema)));
}, 120_000);

const fixtureFiles = import.meta.glob<Record<string, unknown>>(
  '../../../schemas/documents/*/fixtures/valid/*.json',
  {
    eager: true,
    import: 'default',
  },
);

/** The kind's valid fixture that fills the most (so that most blocks are there already). */
function fullestFixture(kind: string): Record<string, unknown> {
  const size = (value: unknown): number => JSON.stringify(value ?? null).length;
  const all = Object.keys(fixtureFiles)
    .filter((path) => path.split('/').at(-4) === kind)
    .sort()
    .map((path) => fixtureFiles[path]);
  return structuredClone(all.reduce((best, data) => (size(data) > size(best) ? data : best), {}));
}

/** Makes the objects and arrays (one element) on the way to a field exist; answers its parent. */
function ensureParent(data: Record<string, unknown>, path: string[]): Record<string, unknown> {
  let node: any = data;
  const parent = path.slice(0, -1);
  parent.forEach((part, i) => {
    const key = part === 'items' ? 0 : part;
    const array = parent[i + 1] === 'items';
    const child = node[key];
    if (
      array
        ? !Array.isArray(child) || child.length === 0
        : !child || typeof child !== 'object' || Array.isArray(child)
    )
      node[key] = array ? [{}] : {};
    node = node[key];
  });
  return node;
}

/** A long form mounts its first screen first (theme/progressiveMount.ts); a big kind takes a while. */
const mounted = () =>
  waitFor(
    () => {
      if (document.querySelector('[aria-busy="true"]')) throw new Error('the form is still mounting');
    },
    { timeout: 30_000 },
  );

const dataPath = (path: string[]) => path.map((part) => (part === 'items' ? 0 : part));
const idOf = (path: string[]) => `root_${dataPath(path).join('_')}`;

function renderKind(kind: KindDefinition, data: Record<string, unknown>) {
  const onChange = vi.fn<(data: unknown) => void>();
  const view = render(
    <DocumentForm
      schema={kind.schema as RJSFSchema}
      uiSchema={kind.ui as UiSchema}
      mode="create"
      initialData={data}
      onChange={onChange}
      onSubmit={vi.fn()}
    />,
  );
  return { ...view, last: () => (onChange.mock.calls.at(-1)?.[0] ?? data) as Record<string, unknown> };
}

/** A party's TIN fields of a kind and what each must fill: from the schema, not from ui.json. */
function partiesOf(kind: KindDefinition) {
  const root = kind.schema as Schema;
  return uiFields(root, kind.ui as UiSchema).flatMap((field) => {
    if (field.table || field.widget === 'hidden' || !isIdentifierSchema(field.schema)) return [];
    const fill = partyFillOf(root, field.parent, field.parentName, field.name);
    return fill ? [{ path: field.path, pinflOnly: field.schema.pinfl === true, fill }] : [];
  });
}

describe('every party TIN field of every kind looks the party up and fills its fields', () => {
  it('finds the parties of each kind (the walk itself works)', () => {
    const names = (kind: string) =>
      partiesOf(kinds.find((k) => k.kind === kind)!).map((party) => party.path.join('/'));
    expect(names('completionAct')).toEqual(expect.arrayContaining(['SellerTin', 'BuyerTin']));
    expect(names('waybill')).toEqual(
      expect.arrayContaining(['Consignor/TinOrPinfl', 'Consignee/TinOrPinfl', 'Carrier/TinOrPinfl']),
    );
    expect(names('invoice')).toEqual(expect.arrayContaining(['SellerTin', 'BuyerTin']));
    // A person's PINFL beside an organisation's fields fills the person's name (Fio).
    expect(names('contract')).toEqual(
      expect.arrayContaining(['Owner/Tin', 'Owner/FizTin', 'Clients/items/Tin', 'Clients/items/FizTin']),
    );
    expect(names('waybill')).toEqual(
      expect.arrayContaining(['Roadway/Driver/Pinfl', 'ResponsiblePerson/Pinfl']),
    );
  });

  it.each(kinds.filter((kind) => partiesOf(kind).length > 0).map((kind) => [kind.kind, kind] as const))(
    '%s',
    async (_, kind) => {
      const parties = partiesOf(kind);
      const data = fullestFixture(kind.kind);
      // Every party starts empty: no TIN, none of the fields its look-up fills.
      for (const { path, fill } of parties) {
        const parent = ensureParent(data, path);
        delete parent[path.at(-1)!];
        const target = readAt(parent, fill.object) as Record<string, unknown> | undefined;
        if (target && typeof target === 'object')
          for (const field of Object.keys(fill.fields)) delete target[field];
      }
      const { last, unmount } = renderKind(kind, data);
      await mounted();
      for (const { path, pinflOnly, fill } of parties) {
        const where = `${kind.kind} /${path.join('/')}`;
        const answer = pinflOnly ? PERSON : ORGANIZATION;
        const tin = pinflOnly ? String(PERSON.Pinfl) : String(ORGANIZATION.Tin);
        const input = document.getElementById(idOf(path)) as HTMLInputElement | null;
        expect(input, `${where}: no input`).not.toBeNull();
        fireEvent.change(input!, { target: { value: tin } });
        const targetPath = [...dataPath(path).slice(0, -1), ...fill.object];
        const nameField = Object.keys(fill.fields).find((field) => fill.fields[field] === 'Name')!;
        await waitFor(() => expect(readAt(last(), [...targetPath, nameField]), where).toBe(answer.Name), {
          timeout: 10_000,
        });
        const target = readAt(last(), targetPath) as Record<string, unknown>;
        for (const [field, from] of Object.entries(fill.fields)) {
          // Each field holds the answer's value of its own shape: a name field a string, never an object.
          if (answer[from] !== undefined) expect(target[field], `${where} → ${field}`).toEqual(answer[from]);
          else expect(target[field], `${where} → ${field}`).toBeUndefined();
        }
        expect(readAt(last(), dataPath(path)), where).toBe(tin);
      }
      unmount();
    },
    120_000,
  );
});

describe('every date field of every kind uses the date widget', () => {
  /** The kind's date fields as shown: fields, and the columns its product tables show. */
  const datesOf = (kind: KindDefinition) =>
    uiFields(kind.schema as Schema, kind.ui as UiSchema).filter((field) => {
      if (field.widget === 'hidden' || !isDateSchema(field.schema)) return false;
      const columns = field.table?.ui['ui:options']?.columns as string[] | undefined;
      return !columns || columns.includes(field.name);
    });

  it.each(kinds.map((kind) => [kind.kind, kind] as const))(
    '%s: "25.11.2026" is stored as 2026-11-25',
    async (_, kind) => {
      const dates = datesOf(kind);
      const data = fullestFixture(kind.kind);
      for (const { path } of dates) delete ensureParent(data, path)[path.at(-1)!];
      const { last, unmount } = renderKind(kind, data);
      await mounted();
      const user = userEvent.setup();
      for (const { path, table } of dates) {
        const where = `${kind.kind} /${path.join('/')}`;
        const found = await waitFor(() => {
          const element = document.getElementById(idOf(path));
          if (!element) throw new Error(`${where}: no input`);
          return element;
        });
        await user.click(found);
        const input = document.getElementById(idOf(path)) as HTMLInputElement;
        // A field renders the date widget; a table's cell becomes its editor on focus.
        if (!table) expect(input.placeholder, `${where}: not the date widget`).toBe('ДД.ММ.ГГГГ');
        await user.keyboard('25.11.2026');
        if (table) await user.keyboard('{Enter}');
        await waitFor(() => expect(readAt(last(), dataPath(path)), where).toBe('2026-11-25'));
        if (table) expect(document.getElementById(idOf(path)), where).toHaveTextContent('25.11.2026');
      }
      unmount();
    },
    120_000,
  );
});
