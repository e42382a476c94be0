import { useSyncExternalStore } from 'react';

// The technical-work modal flag of spec §2: show, and refresh state while the page reloads.
interface TechnicalWorkState {
  show: boolean;
  refreshing: boolean;
}

let state: TechnicalWorkState = { show: false, refreshing: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<TechnicalWorkState>) => {
  state = { ...state, ...patch };
  for (const l of listeners) l();
};

export const technicalWork = {
  show: () => set({ show: true }),
  hide: () => set({ show: false, refreshing: false }),
  refresh: () => {
    set({ refreshing: true });
    window.location.reload();
  },
};

export function useTechnicalWork(): TechnicalWorkState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
