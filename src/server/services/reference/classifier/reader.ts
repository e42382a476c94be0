import type { Locale } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import { referenceLoadCount } from '../datasets';
import { type IndexRow, MxikIndex } from './searchIndex';
import { MXIK_GROUP_LENGTHS } from './types';

// Searches and cards of the classifier for the API. The index (codes and words) lives in memory, one
// per data set version; the rows of a page come from the database by primary key and stay in a
// bounded cache, so memory does not grow with the names of the whole classifier.

export interface PackageOut {
  code: string;
  name: string;
  packageType: string | null;
  nameRu: string | null;
  nameUzLatn: string | null;
  nameUzCyrl: string | null;
}

export interface ClassifierRowOut {
  code: string;
  name: string;
  nameRu: string | null;
  nameUzLatn: string | null;
  nameUzCyrl: string | null;
  internationalCode: string | null;
  label: boolean;
  usePackage: boolean;
  /** A code of the labelled demo set (names end in "(demo)"). */
  isDemo: boolean;
  packages: PackageOut[];
}

interface StoredRow {
  code: string;
  name_ru: string | null;
  name_uz_latn: string | null;
  name_uz_cyrl: string | null;
  international_code: string | null;
  label: boolean;
  use_package: boolean;
  source: string;
  packages: Omit<PackageOut, 'name'>[];
}

/** The name in the person's language: Uzbek reads Latin, then Cyrillic; others read Russian first. */
export function nameIn(
  names: { nameRu?: string | null; nameUzLatn?: string | null; nameUzCyrl?: string | null },
  lang: Locale,
): string {
  const order =
    lang === 'uz'
      ? [names.nameUzLatn, names.nameUzCyrl, names.nameRu]
      : [names.nameRu, names.nameUzLatn, names.nameUzCyrl];
  return order.find((n) => n?.trim()) ?? '';
}

const ROW_CACHE_LIMIT = 20_000;

export interface ClassifierReaderOptions {
  /** How long the stored version is trusted before it is read again (loads by other processes). */
  versionTtlMs?: number;
}

export class ClassifierReader {
  private version: { value: number; readAt: number; loads: number } | null = null;
  private index: Promise<MxikIndex> | null = null;
  private readonly rows = new Map<string, StoredRow>();
  private rowsVersion = -1;
  private readonly versionTtlMs: number;

  constructor(
    private readonly db: Db,
    options: ClassifierReaderOptions = {},
  ) {
    this.versionTtlMs = options.versionTtlMs ?? 1000;
  }

  private async currentVersion(): Promise<number> {
    const now = Date.now();
    const loads = referenceLoadCount();
    const v = this.version;
    if (v && v.loads === loads && now - v.readAt < this.versionTtlMs) return v.value;
    const r = await this.db.query<{ version: number }>(
      `select version::int as version from ref_datasets where name = 'mxik'`,
    );
    const value = r.rows[0]?.version ?? 0;
    this.version = { value, readAt: now, loads };
    return value;
  }

  /** The index of the current version; one build per version, shared by concurrent requests. */
  async currentIndex(): Promise<MxikIndex> {
    const version = await this.currentVersion();
    const pending = this.index;
    if (pending) {
      const built = await pending.catch(() => null);
      if (built && built.version === version) return built;
      if (this.index !== pending) return this.currentIndex();
    }
    const building = this.db
      .query<IndexRow>('select code, tokens from ref_mxik order by code')
      .then((r) => new MxikIndex(version, r.rows));
    this.index = building;
    building.catch(() => {
      if (this.index === building) this.index = null;
    });
    return building;
  }

  private async storedRows(codes: string[], version: number): Promise<Map<string, StoredRow>> {
    if (this.rowsVersion !== version) {
      this.rows.clear();
      this.rowsVersion = version;
    }
    const missing = codes.filter((c) => !this.rows.has(c));
    if (missing.length) {
      const r = await this.db.query<StoredRow>(
        `select m.code, m.name_ru, m.name_uz_latn, m.name_uz_cyrl, m.international_code, m.label,
                m.use_package, m.source,
                coalesce((select json_agg(json_build_object(
                    'code', p.code, 'packageType', p.package_type, 'nameRu', p.name_ru,
                    'nameUzLatn', p.name_uz_latn, 'nameUzCyrl', p.name_uz_cyrl) order by p.code)
                  from ref_mxik_packages p where p.mxik_code = m.code), '[]'::json) as packages
         from ref_mxik m where m.code = any($1::text[])`,
        [missing],
      );
      for (const row of r.rows) {
        const packages = typeof row.packages === 'string' ? JSON.parse(row.packages) : row.packages;
        this.rows.set(row.code, { ...row, packages });
      }
      while (this.rows.size > ROW_CACHE_LIMIT) this.rows.delete(this.rows.keys().next().value as string);
    }
    const found = new Map<string, StoredRow>();
    for (const code of codes) {
      const row = this.rows.get(code);
      if (row) found.set(code, row);
    }
    return found;
  }

  private output(row: StoredRow, lang: Locale): ClassifierRowOut {
    const names = { nameRu: row.name_ru, nameUzLatn: row.name_uz_latn, nameUzCyrl: row.name_uz_cyrl };
    return {
      code: row.code,
      name: nameIn(names, lang),
      ...names,
      internationalCode: row.international_code,
      label: row.label,
      usePackage: row.use_package,
      isDemo: row.source === 'demo',
      packages: row.packages.map((p) => ({ ...p, name: nameIn(p, lang) })),
    };
  }

  /** Codes by prefix and by words of their names in any of the three scripts, in code order. */
  async search(
    text: string,
    page: number,
    size: number,
    lang: Locale,
  ): Promise<{ rows: ClassifierRowOut[]; totalCount: number }> {
    const index = await this.currentIndex();
    const hits = index.search(text, page, size);
    const stored = await this.storedRows(hits.codes, index.version);
    const rows = hits.codes.flatMap((code) => {
      const row = stored.get(code);
      return row ? [this.output(row, lang)] : [];
    });
    return { rows, totalCount: hits.totalCount };
  }

  /** One code with its packages; null when the classifier does not hold it. */
  async get(code: string, lang: Locale): Promise<ClassifierRowOut | null> {
    const index = await this.currentIndex();
    if (!index.has(code)) return null;
    const row = (await this.storedRows([code], index.version)).get(code);
    return row ? this.output(row, lang) : null;
  }

  /** Names of the hierarchy levels above a code (group, class, position, sub-position) that are known. */
  async hierarchy(
    code: string,
  ): Promise<
    Record<string, { nameRu: string | null; nameUzLatn: string | null; nameUzCyrl: string | null }>
  > {
    const prefixes = MXIK_GROUP_LENGTHS.map((n) => code.slice(0, n));
    const r = await this.db.query<{
      code: string;
      name_ru: string | null;
      name_uz_latn: string | null;
      name_uz_cyrl: string | null;
    }>('select code, name_ru, name_uz_latn, name_uz_cyrl from ref_mxik_groups where code = any($1::text[])', [
      prefixes,
    ]);
    return Object.fromEntries(
      r.rows.map((g) => [
        g.code,
        { nameRu: g.name_ru, nameUzLatn: g.name_uz_latn, nameUzCyrl: g.name_uz_cyrl },
      ]),
    );
  }
}

const readers = new WeakMap<Db, ClassifierReader>();

/** One reader (one index, one row cache) per database handle. */
export function classifierReaderOf(db: Db): ClassifierReader {
  let reader = readers.get(db);
  if (!reader) {
    reader = new ClassifierReader(db);
    readers.set(db, reader);
  }
  return reader;
}
