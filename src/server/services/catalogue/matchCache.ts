// The rows a catalogue filter matched, remembered per list index (one data set version, so a cached
// answer is exact). Accountants page through and repeat the same searches; a page of a known filter
// is then a slice, however many rows the list holds. Bounded by the row numbers held, least recently
// used first.

/** A filter's rows in list order: a range when only a key prefix filtered, else their positions. */
export type Matches = { readonly from: number; readonly to: number } | Int32Array;

export const matchCount = (m: Matches) => (m instanceof Int32Array ? m.length : m.to - m.from);

export const matchAt = (m: Matches, k: number) => (m instanceof Int32Array ? m[k] : m.from + k);

/** Row positions held at most (4 bytes each): 16 MB per list. */
const HELD_LIMIT = 4_000_000;
/** Filters remembered at most (a range costs no positions). */
const ENTRY_LIMIT = 2000;

export class MatchCache {
  private readonly entries = new Map<string, Matches>();
  private held = 0;

  get(key: string): Matches | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Matches) {
    this.remove(key);
    this.entries.set(key, value);
    this.held += heldBy(value);
    while (this.entries.size > ENTRY_LIMIT || (this.held > HELD_LIMIT && this.entries.size > 1)) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  /** Row positions held now (for tests). */
  get heldPositions() {
    return this.held;
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.held -= heldBy(old);
    this.entries.delete(key);
  }
}

const heldBy = (m: Matches) => (m instanceof Int32Array ? m.length : 0);
