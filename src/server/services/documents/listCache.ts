import type { Db } from '../../db/client';

/**
 * Lists and menu counts remembered in memory, each with the party generation it was read at
 * (migration 0031). An answer is a function of the statement's text and parameters (identity, rights,
 * branch, filters, page) and of the party's rows in document_parties; every change of those rows
 * raises the party's generation in the same transaction, and each request's session statement reads
 * the generation current for it. So a remembered answer is served only while it is still exact, on any
 * number of server instances (each keeps its own memory; none holds state another needs).
 *
 * Stored under the generation read BEFORE the statement ran: the answer is at least that new. Should a
 * change commit in between, the answer is newer than its label, and the next request, which reads the
 * newer generation, reads again — never the other way round.
 */
export class ListCache {
  private readonly entries = new Map<string, { generation: bigint; value: unknown; rows: number }>();
  private rows = 0;
  hits = 0;
  misses = 0;

  constructor(
    /** The most list rows held at once (a count answer weighs one); least recently used go first. */
    readonly maxRows: number,
  ) {}

  /**
   * The answer remembered for `key` at `generation`, else runs `read` and remembers its answer.
   * `rowsOf` weighs an answer for the memory bound.
   */
  async answer<T>(key: string, generation: string, read: () => Promise<T>, rowsOf: (value: T) => number) {
    const current = BigInt(generation);
    const entry = this.entries.get(key);
    if (entry && entry.generation === current) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits++;
      return entry.value as T;
    }
    this.misses++;
    const value = await read();
    this.remember(key, current, value, Math.max(1, rowsOf(value)));
    return value;
  }

  private remember(key: string, generation: bigint, value: unknown, rows: number) {
    if (rows > this.maxRows) return;
    const previous = this.entries.get(key);
    // A slower reader of an older generation does not replace a newer answer.
    if (previous && previous.generation > generation) return;
    if (previous) {
      this.entries.delete(key);
      this.rows -= previous.rows;
    }
    this.entries.set(key, { generation, value, rows });
    this.rows += rows;
    for (const [oldest, entry] of this.entries) {
      if (this.rows <= this.maxRows) break;
      this.entries.delete(oldest);
      this.rows -= entry.rows;
    }
  }
}

const caches = new WeakMap<Db, ListCache>();

/** Lists and counts read through `db` are remembered, up to `maxRows` list rows (0: not remembered). */
export function rememberLists(db: Db, maxRows: number): void {
  if (maxRows > 0) caches.set(db, new ListCache(maxRows));
  else caches.delete(db);
}

/** The memory of lists read through `db`, or undefined when none was set up (tests, jobs). */
export function listCacheOf(db: Db): ListCache | undefined {
  return caches.get(db);
}

/**
 * Answers `read`, from memory when the same statement was read for the caller's party at the
 * generation its session check saw. Callers without a generation (built by hand) always read.
 */
export function remembered<T>(
  db: Db,
  generation: string | undefined,
  sql: string,
  params: unknown[],
  read: () => Promise<T>,
  rowsOf: (value: T) => number,
): Promise<T> {
  const cache = caches.get(db);
  if (!cache || generation === undefined) return read();
  return cache.answer(`${sql}\u0000${JSON.stringify(params)}`, generation, read, rowsOf);
}
