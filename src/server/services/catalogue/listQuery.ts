import type { Db } from '../../db/client';
import type { Locale } from '../../../engine/constants';
import { CountCache } from './countCache';
import { LISTS, type ListDef, type ListKey } from './lists';
import { normalizeSearch } from './searchText';

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

/** Every word of the query must start some word of the name (word-prefix search). */
function nameConditions(where: SqlWhere, text: string): string[] {
  return normalizeSearch(text)
    .split(' ')
    .filter(Boolean)
    .map(
      (word) =>
        `t.tokens && (select coalesce(array_agg(v.token), '{}'::text[]) from catalogue_vocabulary v where v.token like ${where.param(`${word}%`)})`,
    );
}

function addBenefitCondition(where: SqlWhere, text: string) {
  const normalized = normalizeSearch(text);
  if (!normalized) return;
  where.add(`t.benefit_id in (select b.id from catalogue_benefits b where b.search like ${where.param(`%${normalized}%`)})`);
}

function buildWhere(list: ListDef, f: ListFilters): SqlWhere {
  const where = new SqlWhere();
  if (list.kind === 'goods') {
    if (f.tasnifCode) where.add(`t.catalog_code like ${where.param(`${f.tasnifCode}%`)}`);
    if (f.tasnifName) for (const c of nameConditions(where, f.tasnifName)) where.add(c);
    if (f.lgotaName) addBenefitCondition(where, f.lgotaName);
  } else if (list.kind === 'enterprises') {
    if (f.tin) where.add(`t.tin like ${where.param(`${f.tin}%`)}`);
    if (f.lgotaName) addBenefitCondition(where, f.lgotaName);
  } else if (list.kind === 'classifier' && f.searchText) {
    const text = f.searchText.trim();
    const names = nameConditions(where, text);
    if (/^\d+$/.test(text)) {
      // Digits: a classifier code prefix, or a number inside the name.
      where.add(`(t.catalog_code like ${where.param(`${text}%`)} or ${names.join(' and ')})`);
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
                 ${benefitName(lang)} as "lgotaName"`,
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
      return { select: 't.catalog_code as "catalogCode", t.catalog_name as "catalogName"', join: '', order: 't.catalog_code' };
  }
}

export class CatalogueReader {
  private readonly counts = new CountCache();

  constructor(private readonly db: Db) {}

  private async version(list: ListKey): Promise<number> {
    const r = await this.db.query<{ version: number }>('select version::int as version from catalogue_datasets where list = $1', [
      list,
    ]);
    return r.rows[0]?.version ?? 0;
  }

  async list<T = Record<string, unknown>>(key: ListKey, filters: ListFilters, page: ListPage, lang: Locale): Promise<ListResult<T>> {
    const list = LISTS[key];
    const where = buildWhere(list, filters);
    const whereSql = where.toSql();
    const cacheKey = `${key}:${await this.version(key)}:${whereSql}:${JSON.stringify(where.params)}`;
    let totalCount = this.counts.get(cacheKey);
    if (totalCount === undefined) {
      const counted = await this.db.query<{ n: number }>(`select count(*)::int as n from ${list.table} t ${whereSql}`, where.params);
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
