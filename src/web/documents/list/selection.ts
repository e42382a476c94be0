import { useCallback, useMemo, useState } from 'react';

// Multi-select of a list: single rows, every row on the page, or every row matching the filters
// ("all matching", minus the ones unticked since). Changing the filters starts a new selection.

export type Selection =
  | { mode: 'some'; ids: ReadonlySet<string> }
  | { mode: 'all'; except: ReadonlySet<string> };

const NONE: Selection = { mode: 'some', ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'all' ? !selection.except.has(id) : selection.ids.has(id);
}

export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'all' ? Math.max(0, total - selection.except.size) : selection.ids.size;
}

export function toggle(selection: Selection, id: string): Selection {
  const flip = (from: ReadonlySet<string>) => {
    const next = new Set(from);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  return selection.mode === 'all'
    ? { mode: 'all', except: flip(selection.except) }
    : { mode: 'some', ids: flip(selection.ids) };
}

/** Ticks (or unticks) every row of the page. */
export function togglePage(selection: Selection, pageIds: readonly string[], on: boolean): Selection {
  if (selection.mode === 'all') {
    const except = new Set(selection.except);
    for (const id of pageIds) on ? except.delete(id) : except.add(id);
    return { mode: 'all', except };
  }
  const ids = new Set(selection.ids);
  for (const id of pageIds) on ? ids.add(id) : ids.delete(id);
  return { mode: 'some', ids };
}

export function useSelection(resetKey: string) {
  const [state, setState] = useState<{ key: string; selection: Selection }>({
    key: resetKey,
    selection: NONE,
  });
  const selection = state.key === resetKey ? state.selection : NONE;
  const set = useCallback((next: Selection) => setState({ key: resetKey, selection: next }), [resetKey]);
  return useMemo(
    () => ({
      selection,
      toggle: (id: string) => set(toggle(selection, id)),
      togglePage: (ids: readonly string[], on: boolean) => set(togglePage(selection, ids, on)),
      selectAllMatching: () => set({ mode: 'all', except: new Set() }),
      clear: () => set(NONE),
    }),
    [selection, set],
  );
}
