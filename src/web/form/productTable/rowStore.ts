import { type LineMapping, type ProductRow, recomputeRow, toDecimal } from '../engine';

type Listener = () => void;
type Amount = ReturnType<typeof toDecimal>;

/** Totals of the computed columns, exact decimals. */
export interface Totals {
  deliverySum: Amount;
  vatSum: Amount;
  total: Amount;
}

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
    private readonly mapping: LineMapping,
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
    if (!current || Object.is(current[field], value)) return this.rows;
    const next = [...this.rows];
    next[index] = recomputeRow({ ...current, [field]: value }, this.mapping);
    return this.commit(next);
  }

  /** Sets several fields of a row at once (e.g. a classifier pick fills code, name and package). */
  patchRow(index: number, patch: ProductRow): readonly ProductRow[] {
    const current = this.rows[index];
    if (!current) return this.rows;
    const next = [...this.rows];
    next[index] = recomputeRow({ ...current, ...patch }, this.mapping);
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

  private amountsOf(row: ProductRow): [Amount, Amount, Amount] {
    const { deliverySum, vatSum, total } = this.mapping;
    return [
      toDecimal(row[deliverySum]),
      toDecimal(vatSum ? row[vatSum] : 0),
      toDecimal(total ? row[total] : row[deliverySum]),
    ];
  }

  private sumOf(rows: readonly ProductRow[]): Totals {
    let [d, v, t] = [toDecimal(0), toDecimal(0), toDecimal(0)];
    for (const row of rows) {
      const [rd, rv, rt] = this.amountsOf(row);
      d = d.plus(rd);
      v = v.plus(rv);
      t = t.plus(rt);
    }
    return { deliverySum: d, vatSum: v, total: t };
  }

  /**
   * Totals after a commit without summing every row again: rows whose object did not change keep
   * their contribution (a cell edit costs O(changed rows), not O(all rows) of decimal additions).
   */
  private adjustTotals(before: readonly ProductRow[], after: readonly ProductRow[]): Totals {
    const kept = new Set(before);
    const removed = new Set(before);
    let { deliverySum: d, vatSum: v, total: t } = this.totals;
    for (const row of after) {
      if (kept.has(row)) {
        removed.delete(row);
        continue;
      }
      const [rd, rv, rt] = this.amountsOf(row);
      d = d.plus(rd);
      v = v.plus(rv);
      t = t.plus(rt);
    }
    for (const row of removed) {
      const [rd, rv, rt] = this.amountsOf(row);
      d = d.minus(rd);
      v = v.minus(rv);
      t = t.minus(rt);
    }
    if (d.equals(this.totals.deliverySum) && v.equals(this.totals.vatSum) && t.equals(this.totals.total))
      return this.totals;
    return { deliverySum: d, vatSum: v, total: t };
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
