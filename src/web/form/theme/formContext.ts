import { useSyncExternalStore } from 'react';
import type { FormMode } from '../../../engine/schemas';
import type { LineStore } from '../detachedLines';

type Listener = () => void;

/**
 * Which fields show their errors: a field shows them once the person left it (blur) or tried to
 * submit. A small external store, so a field re-renders only when its own flag changes.
 */
export class TouchedStore {
  private touched = new Set<string>();
  private all = false;
  private submits = 0;
  private readonly listeners = new Set<Listener>();

  readonly subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isShown(id: string): boolean {
    if (this.all) return true;
    for (const touched of this.touched) if (id === touched || id.startsWith(`${touched}_`)) return true;
    return false;
  }

  touch(id: string): void {
    if (this.touched.has(id)) return;
    this.touched.add(id);
    this.emit();
  }

  showAll(): void {
    this.submits++;
    this.all = true;
    // Every try is news (a line added since the last one shows its errors now); fields whose flag
    // did not change do not re-render (useSyncExternalStore compares).
    this.emit();
  }

  get submitted(): boolean {
    return this.all;
  }

  /** How many times the person tried to submit (a line added after the last try hides its errors). */
  get submitCount(): number {
    return this.submits;
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

/** The latest form data, readable by widgets that depend on a sibling (district ← region). */
export class DataStore {
  private data: unknown;
  private readonly listeners = new Set<Listener>();
  constructor(initial: unknown) {
    this.data = initial;
  }
  readonly subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly get = () => this.data;
  set(data: unknown) {
    if (data === this.data) return;
    this.data = data;
    for (const listener of this.listeners) listener();
  }
}

/**
 * RJSF `formContext` (read from `registry.formContext` in v6). A stable object of services, never
 * closures over changing state: RJSF's deep compare treats functions as equal (rjsf #4690).
 */
export interface FormServices {
  mode: FormMode;
  touched: TouchedStore;
  /** The whole document (product lines included), for widgets that read elsewhere in it. */
  data: DataStore;
  /** Product lines held outside RJSF's data (detachedLines.ts); the tables read and write them. */
  lines?: LineStore;
  /** Sets a value anywhere in the form (path of property names / indexes), e.g. a looked-up party. */
  setFieldValue(path: Array<string | number>, value: unknown): void;
}

export function useErrorsShown(services: FormServices | undefined, id: string): boolean {
  return useSyncExternalStore(
    services?.touched.subscribe ?? noopSubscribe,
    () => (services ? services.touched.isShown(id) : true),
    () => true,
  );
}

const noopSubscribe = () => () => {};

/** The value at a path of the form data (for widgets that read a sibling). */
export function useFormValue(services: FormServices | undefined, path: Array<string | number>): unknown {
  return useSyncExternalStore(
    services?.data.subscribe ?? noopSubscribe,
    () => readAt(services?.data.get(), path),
    () => undefined,
  );
}

export function readAt(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/**
 * RJSF ids are the form's idPrefix and the path, joined by "_" (national names hold no "_"). Without
 * an idPrefix the first segment is taken for it: forms choose their own ("root", "company",
 * "settings-bankAccount", "doc"), none with "_", and a widget does not know which its form chose.
 */
export function pathOfId(id: string, idPrefix?: string): string[] {
  if (idPrefix === undefined) {
    const at = id.indexOf('_');
    return at < 0 ? [] : id.slice(at + 1).split('_');
  }
  const rest = id.startsWith(`${idPrefix}_`) ? id.slice(idPrefix.length + 1) : id === idPrefix ? '' : id;
  return rest === '' ? [] : rest.split('_');
}
