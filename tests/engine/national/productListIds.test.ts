import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asNewDocument, getLifecycle, withNationalId } from '../../../src/engine/lifecycle';
import { readOne, writeOne } from '../../../src/engine/lifecycle/pointer';
import { toNationalJson } from '../../../src/engine/national';

/**
 * Issue 28 item 8: every operator-made document carries its product list's id (FacturaProductId,
 * ActProductId, EmpowermentProductId); Hujjat's exports carried none, and two exports the same one.
 * A kind declares its list ids in lifecycle.json `document.listIds`; this runs over every kind that does.
 */
const root = join(__dirname, '../../../schemas/documents');
const kinds = readdirSync(root).filter((kind) => (getLifecycle(kind).document.listIds ?? []).length > 0);

function firstValid(kind: string): unknown {
  const dir = join(root, kind, 'fixtures/valid');
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()[0];
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

const exported = (kind: string, content: unknown, pointer: string) =>
  readOne(JSON.parse(toNationalJson(kind, content)), pointer);

describe('product-list ids in the national export', () => {
  it('the kinds whose operators assign one declare it', () => {
    expect(kinds).toEqual(
      expect.arrayContaining(['invoice', 'oneSidedInvoice', 'completionAct', 'empowerment']),
    );
  });

  describe.each(kinds)('%s', (kind) => {
    const { document } = getLifecycle(kind);
    const pointers = document.listIds ?? [];
    // As a person makes it: the form sends no list id.
    const blank = pointers.reduce(
      (content, pointer) => writeOne(content, pointer, undefined),
      firstValid(kind),
    );

    it('two documents exported get different ids, each a 24-hex id', () => {
      const first = withNationalId(kind, blank, true);
      const second = withNationalId(kind, blank, true);
      for (const pointer of pointers) {
        const a = exported(kind, first, pointer);
        const b = exported(kind, second, pointer);
        expect(a, pointer).toMatch(/^[0-9a-f]{24}$/);
        expect(b, pointer).toMatch(/^[0-9a-f]{24}$/);
        expect(a, pointer).not.toBe(b);
      }
    });

    it('one document exported twice (saved again, re-read) keeps its id; a copy gets a fresh one', () => {
      const saved = withNationalId(kind, blank, true);
      const savedAgain = withNationalId(kind, JSON.parse(JSON.stringify(saved)), true);
      const copy = asNewDocument(kind, saved, '2025-06-10');
      for (const pointer of pointers) {
        expect(exported(kind, savedAgain, pointer), pointer).toBe(exported(kind, saved, pointer));
        expect(toNationalJson(kind, savedAgain)).toBe(toNationalJson(kind, saved));
        expect(exported(kind, copy, pointer), pointer).not.toBe(exported(kind, saved, pointer));
      }
    });

    it("an operator's id on a received or imported document is kept", () => {
      const theirs = pointers.reduce(
        (content, pointer) => writeOne(content, pointer, '65f0c0ffee0000000000abcd'),
        blank,
      );
      const kept = withNationalId(kind, theirs, true);
      for (const pointer of pointers) expect(exported(kind, kept, pointer)).toBe('65f0c0ffee0000000000abcd');
    });
  });
});
