// Every party block of every kind's print layout shows that party's own TIN or PINFL (issue 26: a
// layout whose buyer block read the seller's TIN went through the print tests, which looked at one
// invoice). Each party's identity is written with a value of its own — at the pointer the kind's
// lifecycle.json names for the role, or, for a party the life cycle does not know (a carrier), in
// the block its name is read from — and the printed block must show exactly that value.
import { describe, expect, it } from 'vitest';
import { getLifecycle, lifecycleKinds, readAll, writeOne } from '../../../src/engine/lifecycle';
import { buildPrintModel } from '../../../src/engine/print';
import { printLayoutOf } from '../../../src/engine/print/layout';
import { kindCases } from '../documents/kindContent';

const parentOf = (pointer: string) => pointer.split('/').slice(0, -1).join('/');
const lastOf = (pointer: string) => pointer.split('/').pop() ?? '';

describe('print layouts: each party block shows its own identity', () => {
  it.each(lifecycleKinds())('%s', async (kind) => {
    let content: any = structuredClone((await kindCases(kind))[0].content);
    const layout = printLayoutOf(kind);
    const lifecycle = getLifecycle(kind);
    let serial = 0;
    /** A value no other party has: 9 digits, or 14 where the field holds a PINFL. */
    const own = (pointer: string) => {
      serial += 1;
      return /Pinfl$/.test(pointer) && !/TinOrPinfl$/.test(pointer)
        ? `5${String(serial).padStart(13, '0')}`
        : `7${String(serial).padStart(8, '0')}`;
    };
    const expected: Array<{ role: string; value: string }> = [];
    for (const party of layout.parties) {
      expect(party.identity, `${kind} ${party.role}: a party block without an identity`).toBeTruthy();
      const elements = party.each ? (readAll(content, party.each)[0] as unknown[] | undefined) : [null];
      if (!Array.isArray(elements)) continue;
      elements.forEach((_, index) => {
        const base = party.each ? `${party.each}/${index}` : '';
        const declared = lifecycle.parties[party.role as keyof typeof lifecycle.parties];
        // Whose identity it is, said by the life cycle or by where the block's name is read.
        const truth = declared
          ? declared.identity.replace('*', String(index))
          : `${parentOf(`${base}${party.name}`)}/${lastOf(party.identity!)}`;
        if (!readAll(content, parentOf(truth)).length) return; // the document has no such party
        const value = own(truth);
        content = writeOne(content, truth, value);
        expected.push({ role: party.role, value });
      });
    }
    const model = buildPrintModel({ kind, content, lang: 'ru', t: (key) => key });
    const printed = model.parties.map((p) => ({
      role: p.role,
      value: (p.identity?.value ?? '').replace(/\s/g, ''),
    }));
    for (const party of expected) expect(printed, `${kind}: the ${party.role} block`).toContainEqual(party);
    // Every lifecycle party the fixture holds is among them.
    expect(expected.length).toBeGreaterThanOrEqual(
      Object.values(lifecycle.parties).filter(
        (declared) => declared && readAll(content, declared.identity).length && !declared.many,
      ).length,
    );
  });
});
