import { describe, expect, it } from 'vitest';
import { listKinds } from '../../../src/engine';
import { getLifecycle, lifecycleKinds } from '../../../src/engine/lifecycle';

// The properties every kind's state machine must have, checked from the declarations alone.
const kinds = lifecycleKinds();

describe('life cycles: every document kind has one', () => {
  it('covers every registered document kind', () => {
    expect(new Set(kinds)).toEqual(new Set(listKinds('documents').map((k) => k.kind)));
    expect(kinds.length).toBe(11);
  });
});

describe.each(kinds)('life cycle graph of %s', (kind) => {
  const lifecycle = getLifecycle(kind);
  const stored = lifecycle.statuses.filter((s) => !s.view);
  const targets = (to: (typeof lifecycle.actions)[number]['to']) =>
    typeof to === 'number' ? [to] : to.map((t) => t.status);

  it('reaches every stored status from the draft', () => {
    const seen = new Set([lifecycle.initial]);
    const queue = [lifecycle.initial];
    while (queue.length) {
      const from = queue.shift()!;
      for (const action of lifecycle.actions.filter((a) => a.from.includes(from)))
        for (const to of targets(action.to))
          if (!seen.has(to)) {
            seen.add(to);
            queue.push(to);
          }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(stored.map((s) => s.code).sort((a, b) => a - b));
  });

  it('gives final statuses no exits', () => {
    for (const status of stored.filter((s) => s.final))
      expect(lifecycle.actions.filter((a) => a.from.includes(status.code)).map((a) => a.name)).toEqual([]);
  });

  it('gives every non-final status an action for someone', () => {
    for (const status of stored.filter((s) => !s.final))
      expect(
        lifecycle.actions.some((a) => a.from.includes(status.code)),
        `status ${status.code}`,
      ).toBe(true);
  });

  it('names only statuses and roles it declares', () => {
    const codes = new Set(lifecycle.statuses.map((s) => s.code));
    const roles = new Set(Object.keys(lifecycle.parties));
    for (const action of lifecycle.actions) {
      expect(roles.has(action.by), action.name).toBe(true);
      for (const code of [...action.from, ...targets(action.to)])
        expect(codes.has(code), `${action.name} ${code}`).toBe(true);
    }
  });

  it('has a final status that means signed, and one reached by sending', () => {
    const send = lifecycle.actions.filter((a) => a.sign.shape === 'document');
    expect(send.map((a) => a.from)).toEqual([[lifecycle.initial]]);
    expect(stored.some((s) => s.final)).toBe(true);
  });

  it('needs a reason for every rejection and return', () => {
    for (const action of lifecycle.actions.filter(
      (a) =>
        a.sign.shape === 'wrap' || (/Return$|TillReturn$/.test(a.name) && a.name.startsWith('responsible')),
    ))
      expect(action.reason, action.name).toBe('required');
  });

  it('shows the draft to its sender only, and every sent status to the sender', () => {
    const draft = stored.find((s) => s.code === lifecycle.initial)!;
    expect(draft.lists).toEqual({ sender: 'drafts' });
    for (const status of stored.filter((s) => s.code !== lifecycle.initial))
      expect(status.lists?.sender ?? status.lists?.['*'], `status ${status.code}`).toBe('outgoing');
  });
});
