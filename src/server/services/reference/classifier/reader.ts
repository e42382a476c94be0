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
const STORED_COLUMNS =
  'code, name_ru, name_uz_latn, name_uz_cyrl, international_code, label, use_package, source';
const PACKAGE_COLUMNS = `mxik_code, code, package_type as "packageType", name_ru as "nameRu",
  name_uz_latn as "nameUzLatn", name_uz_cyrl as "nameUzCyrl"`;

type PackageRow = Omit<PackageOut, 'name'> & { mxik_code: string };

export interface ClassifierReaderOptions {
  /** How long the stored version is trusted before it is read again (loads by other processes). */
  versionTtlMs?: number;
  /**
   * Classifiers up to this many codes keep every row in memory (≈ 0.5 KB a code): a page is then
   * answered without the database, which on PGlite costs more than the search itself. Larger ones
   * read a page's rows by primary key, with a bounded cache.
   */
  memoryRowsMax?: number;
}

/** One data set version: its search index and, when small enough, all its rows. */
interface Snapshot {
  index: MxikIndex;
  rows: Map<string, StoredRow> | null;
}

/** Packages repeat across codes (the same "dona", "kg"): one object per distinct package. */
function internPackages(rows: PackageRow[]): Map<string, Omit<PackageOut, 'name'>[]> {
  const interned = new Map<string, Omit<PackageOut, 'name'>>();
  const byCode = new Map<string, Omit<PackageOut, 'name'>[]>();
  for (const { mxik_code, ...pkg } of rows) {
    const key = `${pkg.code}|${pkg.packageType}|${pkg.nameRu}|${pkg.nameUzLatn}|${pkg.nameUzCyrl}`;
    let shared = interned.get(key);
    if (!shared) {
      shared = pkg;
      interned.set(key, shared);
    }
    const list = byCode.get(mxik_code);
    if (list) list.push(shared);
    else byCode.set(mxik_code, [shared]);
  }
  return byCode;
}

export class ClassifierReader {
  private version: { value: number; readAt: number; loads: number } | null = null;
  private snapshot: Promise<Snapshot> | null = null;
  private readonly cached = new Map<string, StoredRow>();
  private cachedVersion = -1;
  private readonly versionTtlMs: number;
  private readonly memoryRowsMax: number;

  constructor(
    private readonly db: Db,
    options: ClassifierReaderOptions = {},
  ) {
    this.versionTtlMs = options.versionTtlMs ?? 1000;
    this.memoryRowsMax = options.memoryRowsMax ?? 200_000;
  }

  private async currentVersion(): Promise<number> {
    const now = Date.now();
    const loads = referenceLoadCount();
    const v = this.version;
    // The embedded database has one process (the data directory lock): only loads made here change
    // it. A server PostgreSQL may be loaded by the import command of another process.
    if (v && v.loads === loads && (this.db.kind === 'pglite' || now - v.readAt < this.versionTtlMs))
      return v.value;
    const r = await this.db.query<{ version: number }>(
      `select version::int as version from ref_datasets where name = 'mxik'`,
    );
    const value = r.rows[0]?.version ?? 0;
    this.version = { value, readAt: now, loads };
    return value;
  }

  private async build(version: number): Promise<Snapshot> {
    const counted = await this.db.query<{ n: number }>('select count(*)::int as n from ref_mxik');
    const inMemory = counted.rows[0].n <= this.memoryRowsMax;
    if (!inMemory) {
      const r = await this.db.query<IndexRow>('select code, tokens from ref_mxik order by code');
      return { index: await MxikIndex.build(version, r.rows), rows: null };
    }
    const r = await this.db.query<Omit<StoredRow, 'packages'> & { tokens: string }>(
      `select ${STORED_COLUMNS}, tokens from ref_mxik order by code`,
    );
    const packages = internPackages(
      (
        await this.db.query<PackageRow>(
          `select ${PACKAGE_COLUMNS} from ref_mxik_packages order by mxik_code, code`,
        )
      ).rows,
    );
    const rows = new Map<string, StoredRow>();
    for (const { tokens: _tokens, ...row } of r.rows)
      rows.set(row.code, { ...row, packages: packages.get(row.code) ?? [] });
    return { index: await MxikIndex.build(version, r.rows), rows };
  }

  /** The snapshot of the current version; one build per version, shared by concurrent requests. */
  private async current(): Promise<Snapshot> {
    const version = await this.currentVersion();
    const pending = this.snapshot;
    if (pending) {
      const built = await pending.catch(() => null);
      if (built && built.index.version === version) return built;
      if (this.snapshot !== pending) return this.current();
    }
    const building = this.build(version);
    this.snapshot = building;
    building.catch(() => {
      if (this.snapshot === building) this.snapshot = null;
    });
    return building;
  }

  async currentIndex(): Promise<MxikIndex> {
    return (await this.current()).index;
  }

  private async storedRows(codes: string[], snapshot: Snapshot): Promise<Map<string, StoredRow>> {
    const found = new Map<string, StoredRow>();
    if (snapshot.rows) {
      for (const code of codes) {
        const row = snapshot.rows.get(code);
        if (row) found.set(code, row);
      }
      return found;
    }
    if (this.cachedVersion !== snapshot.index.version) {
      this.cached.clear();
      this.cachedVersion = snapshot.index.version;
    }
    const missing = codes.filter((c) => !this.cached.has(c));
    if (missing.length) {
      const r = await this.db.query<Omit<StoredRow, 'packages'>>(
        `select ${STORED_COLUMNS} from ref_mxik where code = any($1::text[])`,
        [missing],
      );
      const packages = internPackages(
        (
          await this.db.query<PackageRow>(
            `select ${PACKAGE_COLUMNS} from ref_mxik_packages where mxik_code = any($1::text[])`,
            [missing],
          )
        ).rows,
      );
      for (const row of r.rows) this.cached.set(row.code, { ...row, packages: packages.get(row.code) ?? [] });
      while (this.cached.size > ROW_CACHE_LIMIT)
        this.cached.delete(this.cached.keys().next().value as string);
    }
    for (const code of codes) {
      const row = this.cached.get(code);
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
    const snapshot = await this.current();
    const hits = snapshot.index.search(text, page, size);
    const stored = await this.storedRows(hits.codes, snapshot);
    const rows = hits.codes.flatMap((code) => {
      const row = stored.get(code);
      return row ? [this.output(row, lang)] : [];
    });
    return { rows, totalCount: hits.totalCount };
  }

  /** One code with its packages; null when the classifier does not hold it. */
  async get(code: string, lang: Locale): Promise<ClassifierRowOut | null> {
    const snapshot = await this.current();
    if (!snapshot.index.has(code)) return null;
    const row = (await this.storedRows([code], snapshot)).get(code);
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
