import type { Locale } from '../../../../engine/constants';
import { translate } from '../../../i18n';
import type { RawRecord, RawTable } from '../../catalogue/import/readers';
import type { RowError } from '../../catalogue/types';
import type { BankInput } from '../banks/types';
import type { MxikItem } from '../classifier/types';
import { COLUMNS, canonicalColumn, type ImportKind } from './columns';

// Checks every row of an export against its column layout and turns it into typed rows; every error
// names the row and the column so the person fixing the file finds the cell.

const TEXT_MAX = 2000;
const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'да', 'ha', 'active', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', 'нет', "yo'q", 'yoq', 'inactive', 'off', 'closed']);

class Cells {
  readonly errors: RowError[] = [];

  constructor(
    private readonly lang: Locale,
    private readonly row: number,
    private readonly values: Record<string, unknown>,
  ) {}

  fail(column: string, key: string, params: Record<string, unknown> = {}): null {
    this.errors.push({
      row: this.row,
      column,
      message: translate(this.lang, `reference:import.errors.${key}`, params),
    });
    return null;
  }

  has(column: string): boolean {
    return this.raw(column) !== null;
  }

  private raw(column: string): unknown {
    const v = this.values[column];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;
  }

  text(column: string, required = false): string | null {
    const v = this.raw(column);
    if (v === null) return required ? this.fail(column, 'required') : null;
    const s = String(v).trim().replace(/\s+/g, ' ');
    return s.length > TEXT_MAX ? this.fail(column, 'tooLong', { max: TEXT_MAX }) : s;
  }

  /** Exactly `length` digits, as text; a number cell only when it cannot have lost leading zeros. */
  digits(column: string, length: number, required: boolean): string | null {
    const v = this.raw(column);
    if (v === null) return required ? this.fail(column, 'required') : null;
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) return this.fail(column, 'numberCell', { length });
      const s = String(v);
      // A spreadsheet number cell drops leading zeros; short values are padded only for MFOs and TINs,
      // whose length is fixed and whose value is well below 2^53.
      if (s.length > length) return this.fail(column, 'digits', { length, value: s.slice(0, 40) });
      if (length === 17) return this.fail(column, 'numberCell', { length });
      return s.padStart(length, '0');
    }
    const s = String(v).trim();
    return new RegExp(`^\\d{${length}}$`).test(s)
      ? s
      : this.fail(column, 'digits', { length, value: s.slice(0, 40) });
  }

  /** A package code: 1 to 20 digits. */
  packageCode(column: string): string | null {
    const v = this.raw(column);
    if (v === null) return null;
    const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : String(v).trim();
    return /^\d{1,20}$/.test(s) ? s : this.fail(column, 'packageCode', { value: s.slice(0, 40) });
  }

  flag(column: string, fallback: boolean): boolean {
    const v = this.raw(column);
    if (v === null) return fallback;
    if (typeof v === 'boolean') return v;
    const s = String(v).trim().toLowerCase();
    if (TRUE_WORDS.has(s)) return true;
    if (FALSE_WORDS.has(s)) return false;
    this.fail(column, 'flag', { value: String(v).slice(0, 40) });
    return fallback;
  }
}

function canonical(kind: ImportKind, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [header, value] of Object.entries(values)) {
    const col = canonicalColumn(kind, header);
    if (col) out[col] = value;
  }
  return out;
}

/** Missing required columns make the whole file unreadable: reported once, on the header row. */
function headerErrors(kind: ImportKind, headers: string[], lang: Locale): RowError[] {
  const present = new Set(headers.map((h) => canonicalColumn(kind, h)).filter(Boolean));
  return COLUMNS[kind]
    .filter((c) => c.required && !present.has(c.name))
    .map((c) => ({
      row: 1,
      column: c.name,
      message: translate(lang, 'reference:import.errors.missingColumn'),
    }));
}

/**
 * JSON exports may nest packages (tasnif's cards: `packages: [{code, packageType, nameRu, nameLat,
 * nameUz}]`); each package becomes a flat record of the same row, as a CSV has one row per package.
 */
export function flattenPackages(table: RawTable): RawTable {
  const records: RawRecord[] = [];
  const headers = new Set(table.headers.filter((h) => h !== 'packages'));
  for (const record of table.records) {
    const { packages, ...rest } = record.values as { packages?: unknown } & Record<string, unknown>;
    if (!Array.isArray(packages) || packages.length === 0) {
      records.push({ row: record.row, values: rest });
      continue;
    }
    for (const p of packages as Record<string, unknown>[]) {
      const values: Record<string, unknown> = { ...rest };
      values.packageCode = p?.code;
      values.packageType = p?.packageType ?? p?.package_type;
      values.packageNameRu = p?.nameRu ?? p?.name_ru;
      values.packageNameUzLatn = p?.nameLat ?? p?.nameUzLatn ?? p?.name_uz_latn;
      values.packageNameUzCyrl = p?.nameUz ?? p?.nameUzCyrl ?? p?.name_uz_cyrl;
      for (const k of Object.keys(values)) headers.add(k);
      records.push({ row: record.row, values });
    }
  }
  return { headers: [...headers], records };
}

export function validateMxik(table: RawTable, lang: Locale): { rows: MxikItem[]; errors: RowError[] } {
  const flat = flattenPackages(table);
  const missing = headerErrors('mxik', flat.headers, lang);
  if (missing.length) return { rows: [], errors: missing };
  const rows: MxikItem[] = [];
  const errors: RowError[] = [];
  for (const record of flat.records) {
    const c = new Cells(lang, record.row, canonical('mxik', record.values));
    const code = c.digits('mxikCode', 17, true);
    const nameRu = c.text('nameRu');
    const nameUzLatn = c.text('nameUzLatn');
    const nameUzCyrl = c.text('nameUzCyrl');
    if (!nameRu && !nameUzLatn && !nameUzCyrl) c.fail('nameRu', 'nameRequired');
    const gtin = c.text('internationalCode');
    if (gtin && !/^\d{8,14}$/.test(gtin)) c.fail('internationalCode', 'gtin', { value: gtin.slice(0, 40) });
    const label = c.flag('label', false);
    const usePackage = c.flag('usePackage', true);
    const packageCode = c.packageCode('packageCode');
    const pkg = {
      packageType: c.text('packageType'),
      nameRu: c.text('packageNameRu'),
      nameUzLatn: c.text('packageNameUzLatn'),
      nameUzCyrl: c.text('packageNameUzCyrl'),
    };
    if (packageCode && !pkg.nameRu && !pkg.nameUzLatn && !pkg.nameUzCyrl)
      c.fail('packageNameRu', 'packageNameRequired');
    if (!c.has('packageCode') && (pkg.nameRu || pkg.nameUzLatn || pkg.nameUzCyrl))
      c.fail('packageCode', 'required');
    if (c.errors.length) {
      errors.push(...c.errors);
      continue;
    }
    rows.push({
      code: code!,
      nameRu,
      nameUzLatn,
      nameUzCyrl,
      internationalCode: gtin,
      label,
      usePackage,
      packages: packageCode ? [{ code: packageCode, ...pkg }] : [],
    });
  }
  return { rows, errors };
}

/**
 * Banks: a branch may name a head bank that is in the same file or (unless the file replaces the
 * whole directory) already stored — `knownMfos`.
 */
export function validateBanks(
  table: RawTable,
  lang: Locale,
  knownMfos: ReadonlySet<string>,
): { rows: BankInput[]; errors: RowError[] } {
  const missing = headerErrors('banks', table.headers, lang);
  if (missing.length) return { rows: [], errors: missing };
  const rows: Array<BankInput & { row: number }> = [];
  const errors: RowError[] = [];
  for (const record of table.records) {
    const c = new Cells(lang, record.row, canonical('banks', record.values));
    const bank = {
      row: record.row,
      mfo: c.digits('mfo', 5, true) as string,
      name: c.text('name', true) as string,
      nameRu: c.text('nameRu'),
      headMfo: c.digits('headMfo', 5, false),
      tin: c.digits('tin', 9, false),
      address: c.text('address'),
      isActive: c.flag('isActive', true),
    };
    if (bank.headMfo && bank.headMfo === bank.mfo) c.fail('headMfo', 'headSelf');
    if (c.errors.length) errors.push(...c.errors);
    else rows.push(bank);
  }
  const inFile = new Set(rows.map((b) => b.mfo));
  for (const bank of rows) {
    if (bank.headMfo && !inFile.has(bank.headMfo) && !knownMfos.has(bank.headMfo)) {
      errors.push({
        row: bank.row,
        column: 'headMfo',
        message: translate(lang, 'reference:import.errors.headUnknown', { mfo: bank.headMfo }),
      });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: errors.length ? [] : rows.map(({ row: _row, ...b }) => b), errors };
}
