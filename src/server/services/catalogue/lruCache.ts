// Small least-recently-used caches of the catalogue's answers, per data set version: the lists change
// only when a load bumps the version, so a cached answer is exact. Bounded by entries and, where an
// entry's size varies, by the weight of what is held; the least recently used entries go first.

export class LruCache<V> {
  private readonly entries = new Map<string, V>();
  private held = 0;

  /**
   * @param entryLimit entries kept at most
   * @param weigh an entry's weight (none by default)
   * @param weightLimit weight held at most (one entry is always kept, however heavy)
   */
  constructor(
    private readonly entryLimit: number,
    private readonly weigh: (value: V) => number = () => 0,
    private readonly weightLimit = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V) {
    this.remove(key);
    this.entries.set(key, value);
    this.held += this.weigh(value);
    while (this.entries.size > this.entryLimit || (this.held > this.weightLimit && this.entries.size > 1)) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  /** The weight held now (for tests). */
  get heldWeight() {
    return this.held;
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.held -= this.weigh(old);
    this.entries.delete(key);
  }
}

/** Totals of filtered lists (the SQL path): counting 50,000 rows on every page turn is not free. */
export const newCountCache = () => new LruCache<number>(2000);
