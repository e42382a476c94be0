// The import log (DocExcelImport): one row per file, one item per error; scoped to the organisation.
import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import type { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { ImportError } from './groups';

export interface ImportLogRow {
  id: string;
  organization_id: string;
  user_id: string | null;
  kind: string;
  file_name: string;
  file_hash: string;
  file_size: number;
  dry_run: boolean;
  for_signing: boolean;
  state: 'queued' | 'running' | 'invalid' | 'checked' | 'done' | 'failed' | 'cancelled';
  rows_count: number | null;
  documents_count: number | null;
  created_count: number;
  existing_count: number;
  errors_count: number;
  warnings_count: number;
  document_ids: string[];
  job_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

// A queued import its owner cancelled never runs, so its row still says queued: its job's state tells.
const STATE = `case when doc_excel_imports.state in ('queued', 'running') and exists (
    select 1 from jobs where jobs.id = doc_excel_imports.job_id and jobs.state = 'cancelled')
  then 'cancelled' else doc_excel_imports.state end as state`;

const COLUMNS = `id, organization_id, user_id, kind, file_name, file_hash, file_size, dry_run, for_signing, ${STATE},
  rows_count, documents_count, created_count, existing_count, errors_count, warnings_count, document_ids, job_id, created_at, finished_at`;

export async function insertLog(
  tx: Db,
  v: {
    organizationId: string;
    userId: string;
    kind: string;
    fileName: string;
    hash: string;
    file: Buffer;
    dryRun: boolean;
    forSigning: boolean;
  },
): Promise<string> {
  const r = await tx.query<{ id: string }>(
    `insert into doc_excel_imports (organization_id, user_id, kind, file_name, file_hash, file_size, file, dry_run, for_signing)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [v.organizationId, v.userId, v.kind, v.fileName, v.hash, v.file.length, v.file, v.dryRun, v.forSigning],
  );
  return r.rows[0].id;
}

export async function setJob(tx: Db, id: string, jobId: string) {
  await tx.query('update doc_excel_imports set job_id = $2 where id = $1', [id, jobId]);
}

export async function loadForJob(db: Db, id: string) {
  const r = await db.query<ImportLogRow & { file: Uint8Array | null }>(
    `select ${COLUMNS}, file from doc_excel_imports where id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function markRunning(db: Db, id: string) {
  await db.query(`update doc_excel_imports set state = 'running' where id = $1`, [id]);
}

/** Errors (and the checks' warnings) replace those of an earlier run of the same job (a retry after a restart). */
export async function recordErrors(tx: Db, id: string, errors: ImportError[]) {
  await tx.query('delete from doc_excel_import_items where import_id = $1', [id]);
  const chunk = 1000;
  for (let i = 0; i < errors.length; i += chunk) {
    const part = errors.slice(i, i + chunk);
    await tx.query(
      `insert into doc_excel_import_items (import_id, row_number, column_name, message, rule, document_key, path, level)
       select $1, * from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
      [
        id,
        part.map((e) => e.row),
        part.map((e) => e.column),
        part.map((e) => e.message),
        part.map((e) => e.rule),
        part.map((e) => e.documentKey),
        part.map((e) => e.path),
        part.map((e) => e.level ?? null),
      ],
    );
  }
}

export async function finishLog(
  db: Db,
  id: string,
  v: {
    state: ImportLogRow['state'];
    rows: number;
    documents: number;
    created: number;
    existing: number;
    errors: number;
    /** Items that report without refusing (the checks' warnings and notes). */
    warnings?: number;
    documentIds: string[];
  },
) {
  await db.query(
    `update doc_excel_imports set state = $2, rows_count = $3, documents_count = $4, created_count = $5,
       existing_count = $6, errors_count = $7, document_ids = $8::jsonb, warnings_count = $9,
       finished_at = now(), file = null
     where id = $1`,
    [
      id,
      v.state,
      v.rows,
      v.documents,
      v.created,
      v.existing,
      v.errors,
      JSON.stringify(v.documentIds),
      v.warnings ?? 0,
    ],
  );
}

/** A refusal of the whole file (not a row's error): the log says failed, with the message as its one item. */
export async function failLog(db: Db, id: string, err: ApiError, lang: Locale) {
  await db.transaction(async (tx) => {
    await recordErrors(tx, id, [
      {
        row: null,
        column: null,
        message: translate(lang, err.messageKey, err.params),
        rule: err.code,
        documentKey: null,
        path: null,
      },
    ]);
    await tx.query(
      `update doc_excel_imports set state = 'failed', errors_count = 1, finished_at = now(), file = null where id = $1`,
      [id],
    );
  });
}

export async function importedDocument(db: Db, organizationId: string, tableHash: string, key: string) {
  const r = await db.query<{ document_id: string }>(
    `select document_id from doc_excel_import_documents
     where organization_id = $1 and table_hash = $2 and document_key = $3`,
    [organizationId, tableHash, key],
  );
  return r.rows[0]?.document_id ?? null;
}

export async function recordImportedDocument(
  db: Db,
  organizationId: string,
  tableHash: string,
  key: string,
  documentId: string,
) {
  await db.query(
    `insert into doc_excel_import_documents (organization_id, table_hash, document_key, document_id)
     values ($1, $2, $3, $4) on conflict do nothing`,
    [organizationId, tableHash, key, documentId],
  );
}

export async function listLogs(
  db: Db,
  organizationId: string,
  f: { page: number; size: number; dateFrom?: string; dateTo?: string },
) {
  const where = ['organization_id = $1'];
  const params: unknown[] = [organizationId];
  if (f.dateFrom) {
    params.push(f.dateFrom);
    where.push(`created_at >= $${params.length}::date`);
  }
  if (f.dateTo) {
    params.push(f.dateTo);
    where.push(`created_at < $${params.length}::date + 1`);
  }
  const total = await db.query<{ n: number }>(
    `select count(*)::int as n from doc_excel_imports where ${where.join(' and ')}`,
    params,
  );
  params.push(f.size, (f.page - 1) * f.size);
  const rows = await db.query<ImportLogRow>(
    `select ${COLUMNS} from doc_excel_imports where ${where.join(' and ')}
     order by created_at desc, id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows: rows.rows, totalCount: total.rows[0].n };
}

export async function readLog(db: Db, organizationId: string, id: string) {
  const r = await db.query<ImportLogRow>(
    `select ${COLUMNS} from doc_excel_imports where id = $1 and organization_id = $2`,
    [id, organizationId],
  );
  return r.rows[0] ?? null;
}

export async function listItems(db: Db, importId: string, page: number, size: number) {
  const total = await db.query<{ n: number }>(
    'select count(*)::int as n from doc_excel_import_items where import_id = $1',
    [importId],
  );
  const rows = await db.query<{
    id: number;
    row_number: number | null;
    column_name: string | null;
    message: string;
    rule: string | null;
    document_key: string | null;
    level: 'block' | 'warn' | 'inform' | null;
  }>(
    `select id, row_number, column_name, message, rule, document_key, level from doc_excel_import_items
     where import_id = $1 order by row_number nulls first, id limit $2 offset $3`,
    [importId, size, (page - 1) * size],
  );
  return { rows: rows.rows, totalCount: total.rows[0].n };
}

/** Deletes logs of the organisation (their items go with them); answers the ids deleted. */
export async function deleteLogs(db: Db, organizationId: string, ids: string[]): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `delete from doc_excel_imports where organization_id = $1 and id = any($2::uuid[])
       and state not in ('queued', 'running') returning id`,
    [organizationId, ids],
  );
  return r.rows.map((x) => x.id);
}
