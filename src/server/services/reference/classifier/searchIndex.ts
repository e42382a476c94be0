import { normalizeSearch } from '../../catalogue/searchText';
import { foldYo } from './tokens';

// An in-process index of the classifier at one data set version: the sorted codes and, for every
// word of the names, the codes it occurs in. A search is a handful of binary searches and array
// passes, well under a millisecond for 100,000 codes; PGlite answers one query at a time and has no
// trigram index, so searching it in SQL would queue 20 clients behind each other.
//
// Matching: every word typed must start a word of the code's names (in any of the three scripts,
// normalized as the catalogue normalizes them); a word of digits may instead start the code itself.
// Results come in code order.

export interface IndexRow {
  code: string;
  /** Normalized words, space separated (ref_mxik.tokens). */
  tokens: string;
}

export interface SearchHits {
  /** Codes of the page, in code order. */
  codes: string[];
  totalCount: number;
}

const CACHE_LIMIT = 128;

function lowerBound(length: number, at: (i: number) => string, needle: string): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < needle) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [from, to) of the sorted values starting with prefix. */
function prefixRange(length: number, at: (i: number) => string, prefix: string): [number, number] {
  return [lowerBound(length, at, prefix), lowerBound(length, at, `${prefix}\uffff`)];
}

/** Rows per slice of an index build; between slices other requests get the event loop. */
const BUILD_SLICE = 10_000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export class MxikIndex {
  private readonly codes: string[];
  private readonly vocabulary: string[];
  private readonly postings: Int32Array[];
  /** Matching rows of recent queries (ascending row numbers), so paging through one is cheap. */
  private readonly recent = new Map<string, Int32Array | null>();
  /** Matching rows of recent single words: a person types a word letter by letter, then the next. */
  private readonly words = new Map<string, Int32Array>();

  private constructor(
    readonly version: number,
    codes: string[],
    byToken: Map<string, number[]>,
  ) {
    this.codes = codes;
    this.vocabulary = [...byToken.keys()].sort();
    this.postings = this.vocabulary.map((token) => Int32Array.from(byToken.get(token)!));
  }

  /** Builds the index in slices, so a large classifier does not stall the server while it builds. */
  static async build(version: number, rows: IndexRow[]): Promise<MxikIndex> {
    const sorted = rows.every((r, i) => i === 0 || rows[i - 1].code < r.code)
      ? rows
      : [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const byToken = new Map<string, number[]>();
    for (let from = 0; from < sorted.length; from += BUILD_SLICE) {
      if (from > 0) await yieldToOthers();
      const to = Math.min(from + BUILD_SLICE, sorted.length);
      for (let i = from; i < to; i++) {
        const tokens = sorted[i].tokens;
        if (!tokens) continue;
        for (const token of new Set(tokens.split(' '))) {
          const ids = byToken.get(token);
          if (ids) ids.push(i);
          else byToken.set(token, [i]);
        }
      }
    }
    return new MxikIndex(
      version,
      sorted.map((r) => r.code),
      byToken,
    );
  }

  /** The same synchronously (tests, small sets). */
  static fromRows(version: number, rows: IndexRow[]): MxikIndex {
    const byToken = new Map<string, number[]>();
    const sorted = [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    sorted.forEach((row, i) => {
      for (const token of new Set(row.tokens ? row.tokens.split(' ') : [])) {
        const ids = byToken.get(token);
        if (ids) ids.push(i);
        else byToken.set(token, [i]);
      }
    });
    return new MxikIndex(
      version,
      sorted.map((r) => r.code),
      byToken,
    );
  }

  get size() {
    return this.codes.length;
  }

  has(code: string): boolean {
    const i = lowerBound(this.codes.length, (k) => this.codes[k], code);
    return this.codes[i] === code;
  }

  /** Ascending rows of a few posting lists merged (they are sorted; duplicates dropped). */
  private static union(lists: Int32Array[], total: number, size: number): Int32Array {
    if (lists.length === 1) return lists[0];
    if (total * 8 < size) {
      const all = new Int32Array(total);
      let k = 0;
      for (const list of lists) {
        all.set(list, k);
        k += list.length;
      }
      all.sort();
      let out = 0;
      for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[out++] = all[i];
      return all.subarray(0, out);
    }
    const mask = new Uint8Array(size);
    for (const list of lists) for (let i = 0; i < list.length; i++) mask[list[i]] = 1;
    let count = 0;
    for (let i = 0; i < size; i++) count += mask[i];
    const out = new Int32Array(count);
    for (let i = 0, k = 0; i < size; i++) if (mask[i]) out[k++] = i;
    return out;
  }

  /** Rows in both ascending lists: each row of the shorter one looked up in the longer one. */
  private static intersect(a: Int32Array, b: Int32Array): Int32Array {
    const [small, large] = a.length <= b.length ? [a, b] : [b, a];
    const out = new Int32Array(small.length);
    let k = 0;
    let lo = 0;
    for (let i = 0; i < small.length && lo < large.length; i++) {
      const x = small[i];
      let hi = large.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (large[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      if (large[lo] === x) out[k++] = x;
    }
    return out.subarray(0, k);
  }

  /** Rows matching one word (ascending): a word of the names starts with it, or (digits) the code does. */
  private wordRows(word: string): Int32Array {
    const cached = this.words.get(word);
    if (cached) return cached;
    const [from, to] = prefixRange(this.vocabulary.length, (i) => this.vocabulary[i], word);
    const lists: Int32Array[] = [];
    let total = 0;
    for (let v = from; v < to; v++) {
      lists.push(this.postings[v]);
      total += this.postings[v].length;
    }
    if (/^\d+$/.test(word)) {
      const [a, b] = prefixRange(this.codes.length, (i) => this.codes[i], word);
      if (b > a) {
        lists.push(Int32Array.from({ length: b - a }, (_, k) => a + k));
        total += b - a;
      }
    }
    const rows = lists.length === 0 ? new Int32Array(0) : MxikIndex.union(lists, total, this.codes.length);
    this.words.set(word, rows);
    if (this.words.size > CACHE_LIMIT * 4) this.words.delete(this.words.keys().next().value as string);
    return rows;
  }

  /** Ascending rows matching every word; null = every row (an empty query). */
  private matches(normalized: string): Int32Array | null {
    const cached = this.recent.get(normalized);
    if (cached !== undefined) {
      this.recent.delete(normalized);
      this.recent.set(normalized, cached);
      return cached;
    }
    const words = [...new Set(normalized.split(' ').filter(Boolean))];
    let result: Int32Array | null = null;
    if (words.length > 0) {
      const sets = words.map((w) => this.wordRows(w)).sort((a, b) => a.length - b.length);
      result = sets[0];
      for (let i = 1; i < sets.length && result.length > 0; i++)
        result = MxikIndex.intersect(result, sets[i]);
    }
    this.recent.set(normalized, result);
    if (this.recent.size > CACHE_LIMIT) this.recent.delete(this.recent.keys().next().value as string);
    return result;
  }

  search(text: string, page: number, size: number): SearchHits {
    const rows = this.matches(normalizeSearch(foldYo(text)));
    const totalCount = rows ? rows.length : this.codes.length;
    const from = (page - 1) * size;
    const to = Math.min(from + size, totalCount);
    const codes: string[] = [];
    for (let i = from; i < to; i++) codes.push(this.codes[rows ? rows[i] : i]);
    return { codes, totalCount };
  }
}
