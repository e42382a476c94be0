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

export class MxikIndex {
  private readonly codes: string[];
  private readonly vocabulary: string[];
  private readonly postings: Int32Array[];
  /** Matching rows of recent queries (ascending row numbers), so paging through one is cheap. */
  private readonly recent = new Map<string, Int32Array | null>();

  constructor(
    readonly version: number,
    rows: IndexRow[],
  ) {
    const sorted = rows.every((r, i) => i === 0 || rows[i - 1].code < r.code)
      ? rows
      : [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    this.codes = sorted.map((r) => r.code);
    const byToken = new Map<string, number[]>();
    sorted.forEach((row, i) => {
      if (!row.tokens) return;
      for (const token of new Set(row.tokens.split(' '))) {
        const ids = byToken.get(token);
        if (ids) ids.push(i);
        else byToken.set(token, [i]);
      }
    });
    this.vocabulary = [...byToken.keys()].sort();
    this.postings = this.vocabulary.map((token) => Int32Array.from(byToken.get(token)!));
  }

  get size() {
    return this.codes.length;
  }

  has(code: string): boolean {
    const i = lowerBound(this.codes.length, (k) => this.codes[k], code);
    return this.codes[i] === code;
  }

  /** Rows matching one word: a word of the names starts with it, or (digits) the code does. */
  private wordMask(word: string): Uint8Array {
    const mask = new Uint8Array(this.codes.length);
    const [from, to] = prefixRange(this.vocabulary.length, (i) => this.vocabulary[i], word);
    for (let v = from; v < to; v++) for (const row of this.postings[v]) mask[row] = 1;
    if (/^\d+$/.test(word)) {
      const [a, b] = prefixRange(this.codes.length, (i) => this.codes[i], word);
      mask.fill(1, a, b);
    }
    return mask;
  }

  /** Ascending rows matching every word; null = every row (an empty query). */
  private matches(normalized: string): Int32Array | null {
    const cached = this.recent.get(normalized);
    if (cached !== undefined) {
      this.recent.delete(normalized);
      this.recent.set(normalized, cached);
      return cached;
    }
    const words = normalized.split(' ').filter(Boolean);
    let result: Int32Array | null = null;
    if (words.length === 1 && /^\d+$/.test(words[0]) && words[0].length >= 3) {
      // A code prefix alone is a contiguous range, unless a GTIN or a number in a name matches too.
      const [from, to] = prefixRange(this.vocabulary.length, (i) => this.vocabulary[i], words[0]);
      if (from === to) {
        const [a, b] = prefixRange(this.codes.length, (i) => this.codes[i], words[0]);
        result = Int32Array.from({ length: b - a }, (_, k) => a + k);
      }
    }
    if (!result && words.length > 0) {
      let mask: Uint8Array | null = null;
      for (const word of words) {
        const hits = this.wordMask(word);
        if (mask) for (let i = 0; i < mask.length; i++) mask[i] &= hits[i];
        else mask = hits;
      }
      let count = 0;
      for (let i = 0; i < mask!.length; i++) count += mask![i];
      result = new Int32Array(count);
      for (let i = 0, k = 0; i < mask!.length; i++) if (mask![i]) result[k++] = i;
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
