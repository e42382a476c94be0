import * as XLSX from 'xlsx';
import type { Locale } from '../../../../engine/constants';
import { translate } from '../../../i18n';
import type { ListDef } from '../lists';
import type { CatalogueRow, RowError } from '../types';
import { COLUMNS, canonicalColumn } from './columns';
import type { RawTable } from './readers';

// Checks every row of a file against the column layout and turns it into typed rows. Errors name the
// row and column so the person fixing the file can find the cell.

const TEXT_MAX = 2000;

type Cell = unknown;

class RowReader {
  readonly errors: RowError[] = [];

  constructor(
    private readonly lang: Locale,
    private readonly row: number,
    private readonly values: Record<string, Cell>,
  ) {}

  private fail(column: string, key: string, params: Record<string, unknown> = {}) {
    this.errors.push({
      row: this.row,
      column,
      message: translate(this.lang, `catalogue:import.errors.${key}`, params),
    });
    return null;
  }

  private raw(column: string): Cell {
    const v = this.values[column];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;
  }

  text(column: string, required: boolean): string | null {
    const v = this.raw(column);
    if (v === null) return required ? this.fail(column, 'required') : null;
    const s = (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).trim().replace(/\s+/g, ' ');
    if (s.length > TEXT_MAX) return this.fail(column, 'tooLong', { max: TEXT_MAX });
    return s;
  }

  /** Identifiers: text, or a whole number cell. */
  id(column: string, required: boolean): string | null {
    const v = this.raw(column);
    if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : this.fail(column, 'idNumber');
    return this.text(column, required);
  }

  code(column: string, required: boolean): string | null {
    const v = this.raw(column);
    if (v === null) return required ? this.fail(column, 'required') : null;
    // 17 digits do not fit a spreadsheet number: leading zeros and the last digits are already lost.
    if (typeof v === 'number') return this.fail(column, 'codeNumber');
    const s = String(v).trim();
    return /^\d{17}$/.test(s) ? s : this.fail(column, 'code', { value: s.slice(0, 40) });
  }

  tin(column: string): string | null {
    const v = this.raw(column);
    if (v === null) return this.fail(column, 'required');
    const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : String(v).trim();
    return /^\d{9}$/.test(s) ? s : this.fail(column, 'tin', { value: s.slice(0, 40) });
  }

  date(column: string, required: boolean): string | null {
    const v = this.raw(column);
    if (v === null) return required ? this.fail(column, 'required') : null;
    let y: number;
    let m: number;
    let d: number;
    if (v instanceof Date) {
      // xlsx gives date cells as local midnight; read them back the same way.
      [y, m, d] = [v.getFullYear(), v.getMonth() + 1, v.getDate()];
    } else if (typeof v === 'number') {
      const parsed = XLSX.SSF.parse_date_code(v);
      if (!parsed) return this.fail(column, 'date', { value: String(v) });
      [y, m, d] = [parsed.y, parsed.m, parsed.d];
    } else {
      const s = String(v).trim();
      const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(s);
      const dotted = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(s);
      if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
      else if (dotted) [y, m, d] = [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])];
      else return this.fail(column, 'date', { value: s.slice(0, 40) });
    }
    const date = new Date(Date.UTC(y, m - 1, d));
    if (y < 1900 || y > 9999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
      return this.fail(column, 'date', { value: String(v).slice(0, 40) });
    }
    return date.toISOString().slice(0, 10);
  }

  dateRange(beginCol: string, endCol: string, begin: string | null, end: string | null) {
    if (begin && end && end < begin) this.fail(endCol, 'dateOrder', { begin: beginCol });
  }
}

export interface ValidationResult {
  rows: CatalogueRow[];
  errors: RowError[];
}

/** Missing required columns make the whole file unreadable: reported once, on the header row. */
function headerErrors(list: ListDef, table: RawTable, lang: Locale): RowError[] {
  const present = new Set(table.headers.map((h) => canonicalColumn(list.kind, h)).filter(Boolean));
  return COLUMNS[list.kind]
    .filter((c) => c.required && !present.has(c.name))
    .map((c) => ({
      row: 1,
      column: c.name,
      message: translate(lang, 'catalogue:import.errors.missingColumn'),
    }));
}

export function validateRows(list: ListDef, table: RawTable, lang: Locale): ValidationResult {
  const missing = headerErrors(list, table, lang);
  if (missing.length) return { rows: [], errors: missing };
  const rows: CatalogueRow[] = [];
  const errors: RowError[] = [];
  for (const record of table.records) {
    const values: Record<string, unknown> = {};
    for (const [header, value] of Object.entries(record.values)) {
      const col = canonicalColumn(list.kind, header);
      if (col) values[col] = value;
    }
    const r = new RowReader(lang, record.row, values);
    let row: CatalogueRow | null = null;
    if (list.kind === 'goods') {
      const g = {
        catalogCode: r.code('catalogCode', true),
        catalogName: r.text('catalogName', true),
        newLgotaId: r.id('newLgotaId', true),
        lgotaName: r.text('lgotaName', true),
        lgotaNameUz: r.text('lgotaNameUz', false),
        lgotaId: r.id('lgotaId', false),
      };
      row = g as CatalogueRow;
    } else if (list.kind === 'enterprises') {
      const e = {
        tin: r.tin('tin'),
        name: r.text('name', true),
        newLgotaId: r.id('newLgotaId', true),
        lgotaName: r.text('lgotaName', true),
        lgotaNameUz: r.text('lgotaNameUz', false),
        lgotaId: r.id('lgotaId', false),
        dateBegin: r.date('dateBegin', true),
        dateEnd: r.date('dateEnd', false),
      };
      r.dateRange('dateBegin', 'dateEnd', e.dateBegin, e.dateEnd);
      row = e as CatalogueRow;
    } else if (list.kind === 'classifier') {
      row = {
        catalogCode: r.code('catalogCode', true),
        catalogName: r.text('catalogName', true),
      } as CatalogueRow;
    } else {
      row = {
        tin: r.tin('tin'),
        name: r.text('name', true),
        catalogCode: r.code('catalogCode', false),
        catalogName: r.text('catalogName', false),
        reason: r.text('reason', false),
        dateBegin: r.date('dateBegin', false),
      } as CatalogueRow;
    }
    if (r.errors.length) errors.push(...r.errors);
    else rows.push(row);
  }
  return { rows, errors };
}
