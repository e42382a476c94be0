// The rows a catalogue filter matched, remembered per list index. Accountants page through and repeat
// the same searches; a page of a known filter is then a slice, however many rows the list holds.
import { LruCache } from './lruCache';

/** A filter's rows in list order: a range when only a key prefix filtered, else their positions. */
export type Matches = { readonly from: number; readonly to: number } | Int32Array;

export const matchCount = (m: Matches) => (m instanceof Int32Array ? m.length : m.to - m.from);

export const matchAt = (m: Matches, k: number) => (m instanceof Int32Array ? m[k] : m.from + k);

/** Row positions held at most (4 bytes each): 16 MB per list. */
const HELD_LIMIT = 4_000_000;
/** Filters remembered at most (a range costs no positions). */
const ENTRY_LIMIT = 2000;

const heldBy = (m: Matches) => (m instanceof Int32Array ? m.length : 0);

export const newMatchCache = () => new LruCache<Matches>(ENTRY_LIMIT, heldBy, HELD_LIMIT);
