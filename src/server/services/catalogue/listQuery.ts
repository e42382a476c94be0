import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { LISTS, type ListDef, type ListKey } from './lists';
import { newCountCache } from './lruCache';
import { buildListIndex, type ListIndex } from './memoryIndex';
import { normalizeSearch } from './searchText';
import { localLoadCount } from './store';

// Filtered, paged reads of the catalogue lists (spec §3 rows, §7 /api/Lgota).

export interface ListFilters {
  tasnifCode?: string;
  tasnifName?: string;
  lgotaName?: string;
  tin?: string;
  searchText?: string;
}

export interface ListPage {
  page: number;
  size: number;
}

export interface ListResult<T> {
  rows: T[];
  totalCount: number;
}

class SqlWhere {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  param(value: unknown) {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(sql: string) {
    this.parts.push(sql);
  }

  toSql() {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}

/**
 * Every word of the query must start some word of the name (word-prefix search). Each word is first
 * expanded through the vocabulary, so the planner sees a constant array and can use the GIN index.
 */
async function nameConditions(db: Db, where: SqlWhere, text: string): Promise<string[]> {
  const words = normalizeSearch(text).split(' ').filter(Boolean);
  const conditions: string[] = [];
  for (const word of words) {
    const r = await db.query<{ token: string }>(
      'select token from catalogue_vocabulary where token like $1',
      [`${word}%`],
    );
    conditions.push(`t.tokens && ${where.param(r.rows.map((row) => row.token))}::text[]`);
  }
  return conditions;
}

function addBenefitCondition(where: SqlWhere, text: string) {
  const normalized = normalizeSearch(text);
  if (!normalized) return;
  where.add(
    `t.benefit_id in (select b.id from catalogue_benefits b where b.search like ${where.param(`%${normalized}%`)})`,
  );
}

async function buildWhere(db: Db, list: ListDef, f: ListFilters): Promise<SqlWhere> {
  const where = new SqlWhere();
  if (list.kind === 'goods') {
    if (f.tasnifCode) where.add(`t.catalog_code like ${where.param(`${f.tasnifCode}%`)}`);
    if (f.tasnifName) for (const c of await nameConditions(db, where, f.tasnifName)) where.add(c);
    if (f.lgotaName) addBenefitCondition(where, f.lgotaName);
  } else if (list.kind === 'enterprises') {
    if (f.tin) where.add(`t.tin like ${where.param(`${f.tin}%`)}`);
    if (f.lgotaName) addBenefitCondition(where, f.lgotaName);
  } else if (list.kind === 'classifier' && f.searchText) {
    const text = f.searchText.trim();
    const names = await nameConditions(db, where, text);
    if (/^\d+$/.test(text)) {
      // Digits: a classifier code prefix, or a number inside the name.
      where.add(
        `(t.catalog_code like ${where.param(`${text}%`)}${names.length ? ` or ${names.join(' and ')}` : ''})`,
      );
    } else {
      for (const c of names) where.add(c);
    }
  }
  return where;
}

function benefitName(lang: Locale) {
  return lang === 'uz' ? 'coalesce(b.name_uz, b.name_ru)' : 'b.name_ru';
}

function selectSql(list: ListDef, lang: Locale) {
  switch (list.kind) {
    case 'goods':
      return {
        select: `t.catalog_code as "catalogCode", t.catalog_name as "catalogName", t.benefit_id as "newLgotaId",
                 ${benefitName(lang)} as "lgotaName", b.old_id as "lgotaId"`,
        join: 'join catalogue_benefits b on b.id = t.benefit_id',
        order: 't.catalog_code, t.benefit_id',
      };
    case 'enterprises':
      return {
        select: `t.name, t.tin, t.benefit_id as "newLgotaId", ${benefitName(lang)} as "lgotaName",
                 coalesce(t.lgota_id, b.old_id) as "lgotaId", t.date_begin as "dateBegin", t.date_end as "dateEnd"`,
        join: 'join catalogue_benefits b on b.id = t.benefit_id',
        order: 't.tin, t.benefit_id, t.date_begin',
      };
    default:
      return {
        select: 't.catalog_code as "catalogCode", t.catalog_name as "catalogName"',
        join: '',
        order: 't.catalog_code',
      };
  }
}

export interface ReaderOptions {
  /** Lists up to this many rows are served from an in-process index; 0 always queries SQL. */
  memoryIndexMaxRows?: number;
  /** How long a list's stored version is trusted before it is read again (other processes' loads). */
  versionTtlMs?: number;
}

interface VersionInfo {
  version: number;
  rowCount: number;
  readAt: number;
  localLoads: number;
}

export class CatalogueReader {
  private readonly counts = newCountCache();
  private readonly versions = new Map<ListKey, VersionInfo>();
  private readonly indexes = new Map<ListKey, Promise<ListIndex>>();
  private readonly maxIndexRows: number;
  private readonly versionTtlMs: number;

  constructor(
    private readonly db: Db,
    options: ReaderOptions = {},
  ) {
    this.maxIndexRows = options.memoryIndexMaxRows ?? 500_000;
    this.versionTtlMs = options.versionTtlMs ?? 1000;
  }

  private async versionOf(list: ListKey): Promise<VersionInfo> {
    const cached = this.versions.get(list);
    const now = Date.now();
    if (cached && cached.localLoads === localLoadCount() && now - cached.readAt < this.versionTtlMs)
      return cached;
    const loads = localLoadCount();
    const r = await this.db.query<{ version: number; row_count: number }>(
      'select version::int as version, row_count from catalogue_datasets where list = $1',
      [list],
    );
    const info = {
      version: r.rows[0]?.version ?? 0,
      rowCount: r.rows[0]?.row_count ?? 0,
      readAt: now,
      localLoads: loads,
    };
    this.versions.set(list, info);
    return info;
  }

  private async indexOf(key: ListKey, version: number): Promise<ListIndex> {
    const current = this.indexes.get(key);
    if (current) {
      const index = await current.catch(() => null);
      if (index && index.version === version) return index;
      if (this.indexes.get(key) !== current) return this.indexOf(key, version);
    }
    // One build per version, shared by the requests that arrive while it runs.
    const building = buildListIndex(this.db, key, version);
    this.indexes.set(key, building);
    building.catch(() => this.indexes.delete(key));
    return building;
  }

  async list<T = Record<string, unknown>>(
    key: ListKey,
    filters: ListFilters,
    page: ListPage,
    lang: Locale,
  ): Promise<ListResult<T>> {
    const { version, rowCount } = await this.versionOf(key);
    if (rowCount <= this.maxIndexRows) {
      const index = await this.indexOf(key, version);
      return index.query(filters, page, lang) as ListResult<T>;
    }
    return this.listFromSql<T>(key, version, filters, page, lang);
  }

  private async listFromSql<T>(
    key: ListKey,
    version: number,
    filters: ListFilters,
    page: ListPage,
    lang: Locale,
  ): Promise<ListResult<T>> {
    const list = LISTS[key];
    const where = await buildWhere(this.db, list, filters);
    const whereSql = where.toSql();
    const cacheKey = `${key}:${version}:${whereSql}:${JSON.stringify(where.params)}`;
    let totalCount = this.counts.get(cacheKey);
    if (totalCount === undefined) {
      const counted = await this.db.query<{ n: number }>(
        `select count(*)::int as n from ${list.table} t ${whereSql}`,
        where.params,
      );
      totalCount = counted.rows[0].n;
      this.counts.set(cacheKey, totalCount);
    }
    const offset = (page.page - 1) * page.size;
    if (offset >= totalCount) return { rows: [], totalCount };
    const s = selectSql(list, lang);
    const limitParam = where.param(page.size);
    const offsetParam = where.param(offset);
    const r = await this.db.query<T>(
      `select ${s.select} from ${list.table} t ${s.join} ${whereSql} order by ${s.order} limit ${limitParam} offset ${offsetParam}`,
      where.params,
    );
    return { rows: r.rows, totalCount };
  }
}
