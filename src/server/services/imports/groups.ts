// Rows → documents: the header row names the columns, rows with the same group value make one
// document (document columns from its first row, a line from every row).
import { createHash } from 'node:crypto';
import { getKind } from '../../../engine';
import type { Locale } from '../../../engine/constants';
import { uiTables } from '../../../engine/ui/tableColumns';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { isEmptyCell, readCell } from './cells';
import {
  columnAliases,
  columnTitle,
  type ImportTemplate,
  type TemplateColumn,
  templateColumns,
} from './templates';
import { isBlank } from './workbook';

export interface ImportError {
  /** Excel row number (1 = the header row). */
  row: number | null;
  column: string | null;
  message: string;
  rule: string | null;
  documentKey: string | null;
  path: string | null;
  /** A pre-sign check's level (issue 29): block refuses like an error; warn and inform only report. */
  level?: 'block' | 'warn' | 'inform' | null;
}

export interface DocumentGroup {
  key: string;
  /** Excel row numbers, one per line in order. */
  rows: number[];
  content: Record<string, unknown>;
  /** Per line and column, the header text as the file wrote it (for error reports). */
  errors: ImportError[];
}

export interface ParsedFile {
  columns: { column: TemplateColumn; index: number; header: string }[];
  groups: DocumentGroup[];
  errors: ImportError[];
  rowsCount: number;
}

const norm = (s: unknown) =>
  String(s ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** The header row → where each template column is; the group column must be there (else 400). */
export function mapHeader(template: ImportTemplate, headerRow: unknown[], lang: Locale) {
  const columns = templateColumns(template);
  const header = headerRow.map(norm);
  const errors: ImportError[] = [];
  const mapped: ParsedFile['columns'] = [];
  for (const column of columns) {
    const aliases = new Set(columnAliases(column).map(norm));
    const index = header.findIndex((h) => aliases.has(h));
    if (index >= 0) mapped.push({ column, index, header: String(headerRow[index]).trim() });
    else if (column.pointer === template.group) {
      throw new ApiError(400, 'IMPORT_NO_GROUP_COLUMN', 'bulk:import.noGroupColumn', {
        column: columnTitle(column, lang),
      });
    }
  }
  const known = new Set(mapped.map((m) => m.index));
  headerRow.forEach((h, i) => {
    if (!known.has(i) && !isEmptyCell(h)) {
      errors.push({
        row: 1,
        column: String(h).trim(),
        message: translate(lang, 'bulk:import.unknownColumn'),
        rule: 'column',
        documentKey: null,
        path: null,
      });
    }
  });
  return { mapped, errors };
}

export function parseRows(
  template: ImportTemplate,
  rows: unknown[][],
  fileHash: string,
  lang: Locale,
): ParsedFile {
  const { mapped, errors } = mapHeader(template, rows[0], lang);
  const groupColumn = mapped.find((m) => m.column.pointer === template.group)!;
  const byKey = new Map<string, DocumentGroup>();
  let rowsCount = 0;
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (isBlank(row)) continue;
    rowsCount++;
    const excelRow = r + 1;
    const rawKey = row[groupColumn.index];
    if (isEmptyCell(rawKey)) {
      errors.push({
        row: excelRow,
        column: groupColumn.header,
        message: translate(lang, 'bulk:import.noGroupValue'),
        rule: 'required',
        documentKey: null,
        path: template.group,
      });
      continue;
    }
    const key = String(
      readCell(rawKey, 'string').ok ? (readCell(rawKey, 'string') as { value: string }).value : rawKey,
    );
    let group = byKey.get(key);
    const first = !group;
    if (!group) {
      group = { key, rows: [], content: startContent(template, fileHash, key), errors: [] };
      byKey.set(key, group);
    }
    const lineIndex = group.rows.length;
    group.rows.push(excelRow);
    const line: Record<string, unknown> = { ...lineDefaults(template) };
    if (template.lineNumber) line[template.lineNumber] = lineIndex + 1;
    for (const { column, index, header: title } of mapped) {
      const raw = row[index];
      if (column.level === 'document' && !first) continue;
      if (isEmptyCell(raw)) continue;
      if (column.form) {
        const value = column.form.read(String(raw));
        if (value !== null && value !== undefined) setIn(line, column.segments, value);
        continue;
      }
      const cell = readCell(raw, column.type);
      if (!cell.ok) {
        group.errors.push({
          row: excelRow,
          column: title,
          message: translate(lang, `bulk:import.type.${cell.expected}`),
          rule: 'type',
          documentKey: key,
          path:
            column.level === 'line'
              ? `${template.lines}/${lineIndex}/${column.segments.join('/')}`
              : column.pointer,
        });
        continue;
      }
      const value = coerceEnum(cell.value, column);
      if (column.level === 'line') setIn(line, column.segments, value);
      else setIn(group.content, column.segments, value);
    }
    getLines(group.content, template.lines).push(line);
  }
  const groups = [...byKey.values()];
  for (const group of groups) openFlags(template, group.content);
  return { columns: mapped, groups, errors, rowsCount };
}

/**
 * A flag of the kind's product table (ui.json "opens": HasExcise, HasLgota, HasMarking…) is ticked
 * when a line of the file fills a column it opens, as the form's import does: what was imported is
 * shown, signed and exported. A flag the file leaves alone keeps its default.
 */
function openFlags(template: ImportTemplate, content: Record<string, unknown>) {
  const path = template.lines.slice(1).split('/').join('/');
  const table = uiTables(getKind(template.kind).ui).find((t) => t.path.join('/') === path);
  const lines = getLines(content, template.lines);
  for (const [flag, opened] of Object.entries(table?.options.opens ?? {})) {
    const filled = lines.some((line) =>
      opened.some((name) => {
        const value = getIn(line, name.split('/'));
        return value !== undefined && value !== null && value !== '';
      }),
    );
    if (filled) setIn(content, flag.slice(1).split('/'), true);
  }
}

/** A cell "2" for an integer enum is read as 2 already; a text enum keeps its text. */
function coerceEnum(value: unknown, column: TemplateColumn): unknown {
  if (!column.enumValues || column.enumValues.includes(value)) return value;
  const asText = column.enumValues.find((e) => String(e) === String(value));
  return asText ?? value;
}

function startContent(template: ImportTemplate, fileHash: string, key: string): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(template.defaults)) {
    if (k.includes('*')) continue;
    setIn(content, k.split('/'), structuredClone(v));
  }
  for (const [pointer, kind] of Object.entries(template.generated)) {
    if (kind === 'objectId')
      setIn(content, pointer.slice(1).split('/'), derivedObjectId(fileHash, key, pointer));
  }
  setIn(content, template.lines.slice(1).split('/'), []);
  return content;
}

function lineDefaults(template: ImportTemplate): Record<string, unknown> {
  const key = `${template.lines.slice(1)}/*`;
  return structuredClone((template.defaults[key] as Record<string, unknown>) ?? {});
}

/** A 24-hex id fixed by the file and the document's group: the same file gives the same ids. */
export function derivedObjectId(fileHash: string, key: string, pointer: string): string {
  return createHash('sha256').update(`${fileHash}\u0000${key}\u0000${pointer}`).digest('hex').slice(0, 24);
}

export function getLines(content: Record<string, unknown>, linesPointer: string): Record<string, unknown>[] {
  let node: any = content;
  for (const seg of linesPointer.slice(1).split('/')) node = node[seg];
  return node as Record<string, unknown>[];
}

export function setIn(target: Record<string, unknown>, segments: string[], value: unknown) {
  let node: Record<string, unknown> = target;
  for (const seg of segments.slice(0, -1)) {
    if (node[seg] === null || typeof node[seg] !== 'object') node[seg] = {};
    node = node[seg] as Record<string, unknown>;
  }
  node[segments[segments.length - 1]] = value;
}

export function getIn(target: unknown, segments: string[]): unknown {
  let node: any = target;
  for (const seg of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[seg];
  }
  return node;
}
