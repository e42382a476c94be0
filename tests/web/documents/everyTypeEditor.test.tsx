// Issue 26, build item 1: every kind's every type can be created in the editor. The types come from
// the kinds' data (the lifecycle's type field and the field the original-document block depends on,
// requiredUnless), so a type or kind added later is covered too. For each type the editor opens on a
// valid fixture of that kind (one of that type when there is one), a type that corrects another
// document gets its original chosen through the editor's own picker (Document/getDocumentsToCorrect
// answered here), "Save draft" sends it, and what was sent passes the full check sign and send use.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkDocument, getKind, listKinds } from '../../../src/engine';
import { getLifecycle, hasLifecycle, readOne } from '../../../src/engine/lifecycle';
import { createQueryClient } from '../../../src/web/api/queryClient';
import { correctionRule, needsOriginal, originalBlock } from '../../../src/web/documents/editor/correction';
import { DocumentEditor } from '../../../src/web/documents/editor/DocumentEditor';
import { resolve, type Schema } from '../../../src/web/documents/editor/schemaAt';
import { loadFormKind } from '../../../src/web/form/kinds';
import { loadFixtures } from '../../engine/fixtures';

type Content = Record<string, any>;
const fixtures = loadFixtures().filter((f) => f.valid);

/** Every value of every top-level type field of a kind: the lifecycle's, and each requiredUnless field. */
function typeCases(kind: string) {
  const schema = getKind(kind).schema as Schema;
  const root = resolve(schema, schema) ?? schema;
  const fields = new Set<string>();
  if (hasLifecycle(kind) && getLifecycle(kind).document.type)
    fields.add(getLifecycle(kind).document.type!.slice(1));
  // A field another document's reference depends on (corrected, additional …) is a type too.
  for (const rule of ([] as Array<{ field: string; properties: string[] }>).concat(
    root.requiredUnless ?? [],
  )) {
    const refers = rule.properties.some((block) => {
      const names = Object.keys(resolve(schema, root.properties?.[block])?.properties ?? {});
      return names.some((n) => /Id$/.test(n)) && names.some((n) => /Date(OfIssue)?$/.test(n));
    });
    if (refers) fields.add(rule.field);
  }
  return [...fields].flatMap((field) => {
    const values: unknown[] = resolve(schema, root.properties?.[field])?.enum ?? [];
    return values.map((value) => ({ kind, field, value }));
  });
}

const kinds = listKinds('documents').map((k) => k.kind);
const cases = kinds.flatMap(typeCases).filter((c) => fixtures.some((f) => f.kind === c.kind));

let posted: Content[] = [];
const asked: string[] = [];
let originals: Content[] = [];
const server = setupServer(
  http.get('/api/Document/getDocumentsToCorrect', ({ request }) => {
    asked.push(new URL(request.url).searchParams.get('docType') ?? '');
    return HttpResponse.json({ success: true, data: originals });
  }),
  http.post('/api/Document/findDuplicate', () =>
    HttpResponse.json({ success: true, data: { duplicate: null } }),
  ),
  http.post('/api/Document/add', async ({ request }) => {
    posted.push((await request.json()) as Content);
    return HttpResponse.json({
      success: true,
      data: { id: '11111111-1111-4111-8111-111111111111', version: 1 },
    });
  }),
  http.all('/api/*', () =>
    HttpResponse.json({ success: false, message: 'not answered here' }, { status: 404 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  server.resetHandlers();
  posted = [];
  asked.length = 0;
});
afterAll(() => server.close());

/** The original a picker offers: taken from a fixture of the kind that refers to one (its real id format). */
function originalFor(kind: string, block: string, own: Content): Content {
  const ref = own[block]
    ? own
    : (fixtures.find((f) => f.kind === kind && (f.document as Content)[block])?.document as Content);
  const b: Content = ref?.[block] ?? {};
  const pick = (re: RegExp) => Object.entries(b).find(([k]) => re.test(k))?.[1] ?? null;
  return {
    id: '22222222-2222-4222-8222-222222222222',
    nationalId: pick(/Id$/) ?? '65a1b2c3d4e5f60718293a4b',
    number: pick(/No$/) ?? 'ORIG-1',
    date: pick(/Date(OfIssue)?$/) ?? '2025-01-10',
    total: '1000.00',
    counterparty: { identity: '302000002', name: 'AJ «Demo Qurilish» (demo)' },
  };
}

describe('every type of every kind is created in the editor and passes the full check', () => {
  it.each(cases.map((c) => [`${c.kind} ${c.field}=${String(c.value)}`, c] as const))(
    '%s',
    async (_name, { kind, field, value }) => {
      const own = fixtures.filter((f) => f.kind === kind);
      const fixture = own.find((f) => (f.document as Content)[field] === value) ?? own[0];
      const content = structuredClone(fixture.document) as Content;
      // The fixture's day is today (deadlines and rates run from the document's date to now).
      const day = readOne(content, getLifecycle(kind).document.date) as string | undefined;
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      if (day) vi.setSystemTime(new Date(`${day}T12:00:00Z`));
      content[field] = value;
      const rule = correctionRule(kind, getKind(kind).schema as Schema);
      const wantsOriginal = !!rule && needsOriginal(rule, content[rule.typeField]);
      if (rule && wantsOriginal) delete content[rule.block];
      // A standard type made from another type's fixture refers to nothing.
      else if (rule && content[rule.block] && (fixture.document as Content)[field] !== value)
        content[rule.block] = null;
      originals = rule ? [originalFor(kind, rule.block, fixture.document as Content)] : [];

      const definition = await loadFormKind(kind);
      render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider
            router={createMemoryRouter(
              [
                {
                  path: '*',
                  element: <DocumentEditor definition={definition} mode="create" initial={content} />,
                },
              ],
              { initialEntries: ['/documents/new'] },
            )}
          />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), {
        timeout: 10_000,
      });

      if (wantsOriginal && rule) {
        const original = originals[0];
        const option = await screen.findByRole('button', { name: new RegExp(`№ ${original.number} от`) });
        await userEvent.click(option);
        expect(asked).toContain(kind);
        // What the picker cannot know about the original (an empowerment's expiry) the person types.
        const block = resolve(
          getKind(kind).schema as Schema,
          (getKind(kind).schema as Schema).properties[rule.block],
        );
        const chosen = Object.keys(originalBlock(rule, original as never));
        const sample = fixtures.find((f) => f.kind === kind && (f.document as Content)[rule.block])
          ?.document as Content;
        for (const field of (block?.required ?? []) as string[]) {
          if (chosen.includes(field)) continue;
          const text = String(sample?.[rule.block]?.[field] ?? content[field] ?? day);
          const input = document.getElementById(`root_${rule.block}_${field}`) as HTMLInputElement;
          expect(input, `${rule.block}/${field} has a field in the form`).not.toBeNull();
          const isDay = /^\d{4}-\d{2}-\d{2}$/.test(text);
          await userEvent.click(input);
          await userEvent.type(input, isDay ? text.split('-').reverse().join('') : text);
          // The mask shows the day in the page's format once every keystroke is taken.
          await waitFor(() => expect(input.value).toBe(isDay ? text.split('-').reverse().join('.') : text));
          await userEvent.tab();
        }
      } else {
        expect(screen.queryByRole('heading', { name: /исправ|основани/i })).toBeNull();
      }
      await userEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
      await waitFor(
        () =>
          expect(
            posted,
            [...document.querySelectorAll('.error-detail li, [role="alert"]')]
              .map((e) => e.textContent)
              .join(' | '),
          ).toHaveLength(1),
        { timeout: 3_000 },
      );
      const saved = posted[0];
      expect(saved[field]).toBe(value);
      if (wantsOriginal && rule) {
        const id = rule.fields.find((f) => /Id$/.test(f)) as string;
        expect(saved[rule.block]?.[id]).toBe(originals[0].nationalId);
      }
      const now = readOne(saved, getLifecycle(kind).document.date) as string | undefined;
      const check = await checkDocument(kind, saved, { now: now ? `${now}T12:00:00Z` : undefined });
      expect(check.errors).toEqual([]);
    },
    30_000,
  );

  it('covers every kind that has a type field', () => {
    const typed = kinds.filter((k) => typeCases(k).length > 0);
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(typed));
  });
});
