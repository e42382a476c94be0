// Totals of filtered lists, remembered per data set version. The lists change only when a load bumps
// the version, so a cached total is exact; counting 50,000 rows on every page turn is not free on
// PGlite. Small and bounded: least recently used entries go first.

const LIMIT = 2000;

export class CountCache {
  private readonly entries = new Map<string, number>();

  get(key: string): number | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: number) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > LIMIT) this.entries.delete(this.entries.keys().next().value as string);
  }
}
