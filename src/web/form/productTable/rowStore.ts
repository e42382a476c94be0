import { type LineMapping, type ProductRow, readField, recomputeRow, tiyinOf, withField } from '../engine';

type Listener = () => void;
/** Sums of the summed line fields (by field path), in tiyin: exact integers. */
export type Totals = Readonly<Record<string, number>>;

/**
 * The product rows outside React: an immutable array replaced on every commit, so that the body and
 * the totals can subscribe (useSyncExternalStore) and an unchanged row keeps its object identity —
 * memoized rows then skip rendering. Keystrokes never reach the store; only commits do.
 */
export class RowStore {
  private rows: readonly ProductRow[];
  private totals: Totals;
  private readonly listeners = new Set<Listener>();

  constructor(
    rows: readonly ProductRow[],
    private readonly mapping: LineMapping | null,
    /** Line fields whose column sums the totals row shows (and the document's totals need). */
    private readonly sumFields: readonly string[],
    private readonly ordinalField?: string,
  ) {
    this.rows = rows;
    this.totals = this.sumOf(rows);
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly ProductRow[] => this.rows;

  /** A new object whenever a sum changed, so the totals row re-renders only then. */
  readonly getTotals = (): Totals => this.totals;

  /** Replaces all rows from outside (the Form's data changed for another reason). */
  replace(rows: readonly ProductRow[]): void {
    this.rows = rows;
    this.totals = this.sumOf(rows);
    this.emit();
  }

  setCell(index: number, field: string, value: unknown): readonly ProductRow[] {
    const current = this.rows[index];
    if (!current || Object.is(readField(current, field), value)) return this.rows;
    const next = [...this.rows];
    next[index] = recomputeRow(withField(current, field, value), this.mapping);
    return this.commit(next);
  }

  /**
   * Sets several fields of a row at once (e.g. a classifier pick fills code, name and package); a key
   * may be a slash path into a block of the line (a benefit's TaxRelief/Name), undefined removes.
   */
  patchRow(index: number, patch: ProductRow): readonly ProductRow[] {
    const current = this.rows[index];
    if (!current) return this.rows;
    const next = [...this.rows];
    let patched: ProductRow = { ...current };
    for (const [field, value] of Object.entries(patch)) {
      if (field.includes('/') || value === undefined) patched = withField(patched, field, value);
      else patched[field] = value;
    }
    next[index] = recomputeRow(patched, this.mapping);
    return this.commit(next);
  }

  insert(index: number, rows: readonly ProductRow[]): readonly ProductRow[] {
    const next = [...this.rows];
    next.splice(index, 0, ...rows.map((row) => recomputeRow(row, this.mapping)));
    return this.commit(this.renumber(next, index));
  }

  remove(index: number): readonly ProductRow[] {
    if (index < 0 || index >= this.rows.length) return this.rows;
    const next = [...this.rows];
    next.splice(index, 1);
    return this.commit(this.renumber(next, index));
  }

  copy(index: number): readonly ProductRow[] {
    const source = this.rows[index];
    if (!source) return this.rows;
    return this.insert(index + 1, [structuredClone(source)]);
  }

  move(from: number, to: number): readonly ProductRow[] {
    if (from === to || to < 0 || to >= this.rows.length || from < 0 || from >= this.rows.length)
      return this.rows;
    const next = [...this.rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    return this.commit(this.renumber(next, Math.min(from, to)));
  }

  /** Keeps OrdNo (when the kind has it) equal to the row's position, from `from` on. */
  private renumber(rows: ProductRow[], from: number): ProductRow[] {
    const field = this.ordinalField;
    if (!field) return rows;
    for (let i = from; i < rows.length; i++) {
      if (rows[i][field] !== i + 1) rows[i] = { ...rows[i], [field]: i + 1 };
    }
    return rows;
  }

  private commit(rows: ProductRow[]): readonly ProductRow[] {
    this.totals = this.adjustTotals(this.rows, rows);
    this.rows = rows;
    this.emit();
    return rows;
  }

  private sumOf(rows: readonly ProductRow[]): Totals {
    const sums: Record<string, number> = {};
    for (const field of this.sumFields) {
      let total = 0;
      for (const row of rows) total += tiyinOf(readField(row, field));
      sums[field] = total;
    }
    return sums;
  }

  /**
   * Totals after a commit without summing every row again: rows whose object did not change keep
   * their contribution (a cell edit costs O(changed rows) additions, not O(all rows)).
   */
  private adjustTotals(before: readonly ProductRow[], after: readonly ProductRow[]): Totals {
    if (this.sumFields.length === 0) return this.totals;
    const removed = new Set(before);
    const added: ProductRow[] = [];
    for (const row of after) {
      if (removed.has(row)) removed.delete(row);
      else added.push(row);
    }
    const sums: Record<string, number> = {};
    let changed = false;
    for (const field of this.sumFields) {
      let total = this.totals[field];
      for (const row of added) total += tiyinOf(readField(row, field));
      for (const row of removed) total -= tiyinOf(readField(row, field));
      sums[field] = total;
      if (total !== this.totals[field]) changed = true;
    }
    return changed ? sums : this.totals;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Value equality of two rows: flat fields by Object.is, nested objects/arrays structurally. */
export function sameRow(a: ProductRow, b: ProductRow): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (Object.is(x, y)) continue;
    if (x && y && typeof x === 'object' && typeof y === 'object') {
      if (JSON.stringify(x) !== JSON.stringify(y)) return false;
    } else return false;
  }
  return true;
}

/**
 * Merges rows arriving from the Form (RJSF clones its data on every change) into the current ones,
 * keeping the identity of every row whose value did not change.
 */
export function reconcileRows(
  current: readonly ProductRow[],
  incoming: readonly ProductRow[],
): readonly ProductRow[] {
  let changed = current.length !== incoming.length;
  const next = incoming.map((row, i) => {
    const old = current[i];
    if (old && sameRow(old, row)) return old;
    changed = true;
    return row;
  });
  return changed ? next : current;
}
