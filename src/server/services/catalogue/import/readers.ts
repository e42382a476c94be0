import * as XLSX from 'xlsx';

// File formats the importer reads. Each yields records keyed by the file's own headers plus the row
// number a person would see in the file (header = row 1 in CSV and XLSX; JSON items count from 1).

export interface RawRecord {
  row: number;
  values: Record<string, unknown>;
}

export interface RawTable {
  headers: string[];
  records: RawRecord[];
}

export type FileFormat = 'csv' | 'xlsx' | 'json';

export function formatOf(fileName: string): FileFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx' || ext === 'xls') return 'xlsx';
  if (ext === 'json') return 'json';
  return null;
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF; the delimiter (, ; or tab) is read off the header. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.sort((a, b) => b[1] - a[1])[0][0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function fromGrid(grid: unknown[][], firstRowNumber: number): RawTable {
  const headers = (grid[0] ?? []).map((h) => String(h ?? '').trim());
  const records: RawRecord[] = [];
  for (let i = 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) continue; // blank line
    const values: Record<string, unknown> = {};
    headers.forEach((h, j) => {
      values[h] = cells[j] ?? null;
    });
    records.push({ row: firstRowNumber + i, values });
  }
  return { headers, records };
}

export function readCsv(text: string): RawTable {
  return fromGrid(parseCsv(text), 1);
}

/** First sheet. Cells keep their types: a number cell stays a number so the validator can tell. */
export function readXlsx(data: Buffer): RawTable {
  const book = XLSX.read(data, { type: 'buffer', cellDates: true, dense: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) return { headers: [], records: [] };
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  return fromGrid(grid, range.s.r + 1);
}

export function readJson(text: string): RawTable {
  const parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  const items = Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown })?.rows;
  if (!Array.isArray(items)) throw new SyntaxError('expected an array of rows or an object with "rows"');
  const headers = new Set<string>();
  const records = items.map((item, i) => {
    const values = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    for (const k of Object.keys(values)) headers.add(k);
    return { row: i + 1, values };
  });
  return { headers: [...headers], records };
}

export function readTable(format: FileFormat, data: Buffer): RawTable {
  if (format === 'xlsx') return readXlsx(data);
  const text = data.toString('utf8');
  return format === 'csv' ? readCsv(text) : readJson(text);
}
