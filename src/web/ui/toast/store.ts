import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Added closed, opened on the next tick, removed when the close animation ends (spec §4). */
  open: boolean;
}

const AUTO_CLOSE_MS: Record<ToastKind, number | null> = {
  success: 4000,
  info: 5000,
  warning: 7000,
  error: null,
};

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function update(id: number, patch: Partial<Toast>) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
  emit();
}

// Without a transition (reduced motion, hidden tab) no transitionend arrives; don't keep the toast.
const REMOVE_FALLBACK_MS = 500;

export function closeToast(id: number) {
  update(id, { open: false });
  setTimeout(() => removeToast(id), REMOVE_FALLBACK_MS);
}

/** Called when the closing transition ends. */
export function removeToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, open: false }];
  emit();
  setTimeout(() => update(id, { open: true }), 0);
  const ms = AUTO_CLOSE_MS[kind];
  if (ms) setTimeout(() => closeToast(id), ms);
  return id;
}

export const toast = {
  success: (m: string) => showToast('success', m),
  error: (m: string) => showToast('error', m),
  warning: (m: string) => showToast('warning', m),
  info: (m: string) => showToast('info', m),
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
