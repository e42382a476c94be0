import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import type { ListFilters, ListPage, ListResult } from './listQuery';
import { LISTS, type ListDef, type ListKey } from './lists';
import { type Matches, matchAt, matchCount, newMatchCache } from './matchCache';
import { normalizeSearch, tokenize } from './searchText';

// A read-only, in-process index of one list at one data set version. The lists change only on a load
// and hold tens of thousands of rows, so serving filters from memory keeps a page under a millisecond
// on PGlite, whose every query costs milliseconds and which runs one query at a time. Same semantics
// as the SQL path in listQuery.ts: code/TIN prefix, word-prefix name search, benefit substring.

interface Benefit {
  id: string;
  oldId: string | null;
  nameRu: string;
  nameUz: string | null;
  search: string;
}

interface IndexedRow {
  /** catalog_code, or tin for enterprises: the sort key and the prefix filter. */
  key: string;
  name: string;
  benefit: number;
  lgotaId: string | null;
  dateBegin: string | null;
  dateEnd: string | null;
}

export class ListIndex {
  private readonly vocabulary: string[];
  private readonly postings: Int32Array[];
  private readonly benefitOf: Int32Array;

  constructor(
    readonly list: ListDef,
    readonly version: number,
    private readonly rows: IndexedRow[],
    private readonly benefits: Benefit[],
  ) {
    const byToken = new Map<string, number[]>();
    if (list.kind !== 'enterprises') {
      rows.forEach((row, i) => {
        for (const token of tokenize(row.name)) {
          let ids = byToken.get(token);
          if (!ids) {
            ids = [];
            byToken.set(token, ids);
          }
          ids.push(i);
        }
      });
    }
    this.vocabulary = [...byToken.keys()].sort();
    this.postings = this.vocabulary.map((token) => Int32Array.from(byToken.get(token)!));
    this.benefitOf = Int32Array.from(rows, (row) => row.benefit);
  }

  get size() {
    return this.rows.length;
  }

  /** First index whose value is >= needle in a sorted array. */
  private static lowerBound(sorted: { length: number }, at: (i: number) => string, needle: string) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at(mid) < needle) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [from, to) of the values starting with prefix; '\uffff' sorts after every code unit we store. */
  private prefixRange(length: number, at: (i: number) => string, prefix: string): [number, number] {
    return [
      ListIndex.lowerBound({ length }, at, prefix),
      ListIndex.lowerBound({ length }, at, `${prefix}\uffff`),
    ];
  }

  private readonly masks = new Map<string, Uint8Array | null>();

  /** Rows whose name has a word starting with each query word; null means no name filter. */
  private nameMask(text: string): Uint8Array | null {
    const normalized = normalizeSearch(text);
    const cached = this.masks.get(normalized);
    if (cached !== undefined) return cached;
    const mask = this.computeNameMask(normalized);
    // A few recent searches; each mask is one byte per row.
    if (this.masks.size >= 64) this.masks.delete(this.masks.keys().next().value as string);
    this.masks.set(normalized, mask);
    return mask;
  }

  private computeNameMask(normalized: string): Uint8Array | null {
    const words = normalized.split(' ').filter(Boolean);
    if (words.length === 0) return null;
    let mask: Uint8Array | null = null;
    for (const word of words) {
      const hits = new Uint8Array(this.rows.length);
      const [from, to] = this.prefixRange(this.vocabulary.length, (i) => this.vocabulary[i], word);
      for (let v = from; v < to; v++) for (const row of this.postings[v]) hits[row] = 1;
      if (mask) for (let i = 0; i < mask.length; i++) mask[i] &= hits[i];
      else mask = hits;
    }
    return mask;
  }

  private benefitMask(text: string): Uint8Array | null {
    const normalized = normalizeSearch(text);
    if (!normalized) return null;
    return Uint8Array.from(this.benefits, (b) => (b.search.includes(normalized) ? 1 : 0));
  }

  /**
   * The rows of a list a filter matches. A repeated filter (the next page, the same search from
   * another user) is then a slice: no scan, no masks, no search text normalised again.
   */
  private readonly matched = newMatchCache();
  /** Rows as the API answers them, by language, made as they are first asked for. */
  private readonly outputs = new Map<Locale, Readonly<Record<string, unknown>>[]>();

  query(filters: ListFilters, page: ListPage, lang: Locale): ListResult<Record<string, unknown>> {
    const filterKey = JSON.stringify([
      filters.tasnifCode ?? '',
      filters.tin ?? '',
      filters.tasnifName ?? '',
      filters.lgotaName ?? '',
      filters.searchText ?? '',
    ]);
    let matches = this.matched.get(filterKey);
    if (!matches) {
      matches = this.match(filters);
      this.matched.set(filterKey, matches);
    }
    const totalCount = matchCount(matches);
    const skip = (page.page - 1) * page.size;
    const end = Math.min(totalCount, skip + page.size);
    const rows: Readonly<Record<string, unknown>>[] = [];
    let outputs = this.outputs.get(lang);
    if (!outputs) {
      outputs = [];
      this.outputs.set(lang, outputs);
    }
    for (let k = skip; k < end; k++) {
      const i = matchAt(matches, k);
      // Made once per row and language, then shared by every answer (frozen: nobody may alter it).
      outputs[i] ??= Object.freeze(this.output(this.rows[i], lang));
      rows.push(outputs[i]);
    }
    return { rows, totalCount };
  }

  /** Every row the filters let through, in list order. */
  private match(filters: ListFilters): Matches {
    const kind = this.list.kind;
    let prefix = '';
    let names: Uint8Array | null = null;
    let benefits: Uint8Array | null = null;
    if (kind === 'goods') {
      prefix = filters.tasnifCode ?? '';
      if (filters.tasnifName) names = this.nameMask(filters.tasnifName);
      if (filters.lgotaName) benefits = this.benefitMask(filters.lgotaName);
    } else if (kind === 'enterprises') {
      prefix = filters.tin ?? '';
      if (filters.lgotaName) benefits = this.benefitMask(filters.lgotaName);
    } else if (filters.searchText) {
      const text = filters.searchText.trim();
      names = this.nameMask(text);
      if (/^\d+$/.test(text)) {
        // Digits: a code prefix, or a number inside the name.
        const codeOrName = names ? names.slice() : new Uint8Array(this.rows.length);
        const [from, to] = this.prefixRange(this.rows.length, (i) => this.rows[i].key, text);
        for (let i = from; i < to; i++) codeOrName[i] = 1;
        names = codeOrName;
      }
    }
    const [from, to] = prefix
      ? this.prefixRange(this.rows.length, (i) => this.rows[i].key, prefix)
      : [0, this.rows.length];
    if (!names && !benefits) return { from, to };
    const picked = new Int32Array(to - from);
    const benefitOf = this.benefitOf;
    let count = 0;
    for (let i = from; i < to; i++) {
      if (names && names[i] === 0) continue;
      if (benefits && benefits[benefitOf[i]] === 0) continue;
      picked[count++] = i;
    }
    return picked.slice(0, count);
  }

  private output(row: IndexedRow, lang: Locale): Record<string, unknown> {
    if (this.list.kind === 'classifier') return { catalogCode: row.key, catalogName: row.name };
    const b = this.benefits[row.benefit];
    const lgotaName = lang === 'uz' ? (b.nameUz ?? b.nameRu) : b.nameRu;
    if (this.list.kind === 'goods')
      return {
        catalogCode: row.key,
        catalogName: row.name,
        newLgotaId: b.id,
        lgotaName,
        lgotaId: b.oldId ?? null,
      };
    return {
      name: row.name,
      tin: row.key,
      newLgotaId: b.id,
      lgotaName,
      lgotaId: row.lgotaId ?? b.oldId,
      dateBegin: row.dateBegin,
      dateEnd: row.dateEnd,
    };
  }
}

/** Reads one list whole, in the order the API pages it, and indexes it. */
export async function buildListIndex(db: Db, key: ListKey, version: number): Promise<ListIndex> {
  const list = LISTS[key];
  const benefitRows = await db.query<Benefit>(
    'select id, old_id as "oldId", name_ru as "nameRu", name_uz as "nameUz", search from catalogue_benefits order by id',
  );
  const benefits = benefitRows.rows;
  const position = new Map(benefits.map((b, i) => [b.id, i]));
  let sql: string;
  if (list.kind === 'goods') {
    sql = `select catalog_code as key, catalog_name as name, benefit_id, null as "lgotaId", null as "dateBegin", null as "dateEnd"
           from ${list.table} order by catalog_code, benefit_id`;
  } else if (list.kind === 'enterprises') {
    sql = `select tin as key, name, benefit_id, lgota_id as "lgotaId", date_begin as "dateBegin", date_end as "dateEnd"
           from ${list.table} order by tin, benefit_id, date_begin`;
  } else {
    sql = `select catalog_code as key, catalog_name as name, null as benefit_id, null as "lgotaId", null as "dateBegin", null as "dateEnd"
           from ${list.table} order by catalog_code`;
  }
  const r = await db.query<Omit<IndexedRow, 'benefit'> & { benefit_id: string | null }>(sql);
  const rows = r.rows.map(({ benefit_id, ...row }) => ({
    ...row,
    benefit: benefit_id ? (position.get(benefit_id) ?? -1) : -1,
  }));
  return new ListIndex(list, version, rows, benefits);
}
