// The import job: read the file, group, validate every document; errors anywhere → nothing created
// and every error reported; a dry run stops there; else each document becomes a draft in its own
// transaction with an idempotency key of (file hash, group), so a re-run or a re-import of the same
// file creates nothing new.
import { createHash } from 'node:crypto';
import type { Locale } from '../../../engine/constants';
import type { AuthUser, MembershipRole } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import type { JobContext, JobDefinition, JobQueue } from '../../jobs';
import { addDraft, type Caller, type DocumentsService } from '../documents';
import { notifyJobFinished } from '../notifications';
import type { TaxAuthority } from '../soliq/types';
import { checkGroup, requisitesFiller } from './check';
import { ImportChecks } from './checks';
import { type ImportError, mapHeader, parseRows } from './groups';
import * as log from './log';
import { templateOf } from './templates';
import { readRows } from './workbook';

export const IMPORT_JOB = 'imports.documents';

export interface ImportJobData {
  importId: string;
  lang: Locale;
}

export interface ImportResult {
  importId: string;
  state: log.ImportLogRow['state'];
  rows: number;
  documents: number;
  created: number;
  existing: number;
  errors: number;
  /** The pre-sign checks' warnings and notes (issue 29): reported, not refusing. */
  warnings?: number;
  documentIds: string[];
}

/** The caller a job acts as: the user who uploaded, for the organisation they uploaded for. */
export async function callerFor(
  db: Db,
  organizationId: string,
  userId: string,
  lang: Locale,
): Promise<Caller> {
  const r = await db.query<{ tin: string | null; pinfl: string | null; role: MembershipRole }>(
    `select o.tin, o.pinfl, m.role from memberships m join organizations o on o.id = m.organization_id
     where m.organization_id = $1 and m.user_id = $2 and m.is_active`,
    [organizationId, userId],
  );
  const row = r.rows[0];
  if (!row) throw new ApiError(403, 'FORBIDDEN', 'errors:forbidden');
  const user: AuthUser = {
    userId,
    organizationId,
    role: row.role,
    ...(row.tin ? { tin: row.tin } : {}),
    ...(row.pinfl ? { pinfl: row.pinfl } : {}),
  };
  return { user, identity: (row.tin ?? row.pinfl)!, lang };
}

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * Lets the server's other work run between two documents. PGlite answers from WebAssembly in the
 * same thread and its promises settle as microtasks, so a loop that only awaits it never gives the
 * event loop a turn: without this, the progress stream, Job/get and every other request waited
 * until the whole import had finished.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export function importJob(
  documents: DocumentsService,
  /** The tax-authority adapter the pre-sign checks ask (services/soliq). */
  authority: () => TaxAuthority,
): JobDefinition<ImportJobData> {
  return {
    type: IMPORT_JOB,
    concurrency: 1,
    async run(ctx: JobContext<ImportJobData>): Promise<ImportResult> {
      try {
        const result = await runImport(ctx, documents, authority());
        if (ctx.owner) {
          await notifyJobFinished(ctx.db, {
            organizationId: ctx.owner.organizationId,
            jobId: ctx.id,
            details: {
              what: 'import',
              importId: result.importId,
              done: result.created + result.existing,
              failed: result.errors,
            },
          });
        }
        return result;
      } catch (err) {
        // The owner reads the failure in the log too; a retry (unexpected errors) starts it again.
        if (err instanceof ApiError) await log.failLog(ctx.db, ctx.data.importId, err, ctx.data.lang);
        throw err;
      }
    },
  };
}

async function runImport(
  ctx: JobContext<ImportJobData>,
  documents: DocumentsService,
  authority: TaxAuthority,
): Promise<ImportResult> {
  const row = await log.loadForJob(ctx.db, ctx.data.importId);
  if (!row) throw new ApiError(404, 'IMPORT_NOT_FOUND', 'bulk:import.notFound');
  if (row.state !== 'queued' && row.state !== 'running') {
    // Finished by an earlier run whose end the queue did not hear (a restart): answer what it found.
    return {
      importId: row.id,
      state: row.state,
      rows: row.rows_count ?? 0,
      documents: row.documents_count ?? 0,
      created: row.created_count,
      existing: row.existing_count,
      errors: row.errors_count,
      documentIds: row.document_ids,
    };
  }
  if (!row.file) throw new ApiError(404, 'IMPORT_NOT_FOUND', 'bulk:import.notFound');
  await log.markRunning(ctx.db, row.id);
  const caller = await callerFor(ctx.db, row.organization_id, row.user_id!, ctx.data.lang);
  const template = templateOf(row.kind);
  const rows = readRows(Buffer.from(row.file));
  // Ids and idempotency keys come from the table's values, not the file's bytes: the same table
  // saved again (Excel stamps a new modification time) is still the same import.
  const tableHash = sha256(Buffer.from(JSON.stringify(rows)));
  const parsed = parseRows(template, rows, tableHash, caller.lang);
  const total = parsed.groups.length;
  // Checking and creating are two passes: progress counts both.
  await ctx.progress({ done: 0, total: total * (row.dry_run ? 1 : 2) });
  const fill = requisitesFiller(ctx.db, row.organization_id);
  const errors: ImportError[] = [...parsed.errors];
  const warnings: ImportError[] = [];
  const contents: Record<string, unknown>[] = [];
  const now = documents.now();
  const checks = new ImportChecks(ctx.db, authority, caller, now);
  const base = { importId: row.id, rows: parsed.rowsCount, documents: total, documentIds: [] as string[] };
  /** Stopped by its owner: the log says cancelled, with the drafts made so far; the queue hears why. */
  const stopIfCancelled = async (done: { created: number; existing: number; ids: string[] }) => {
    if (!ctx.signal.aborted) return;
    await log.finishLog(ctx.db, row.id, {
      ...base,
      state: 'cancelled',
      created: done.created,
      existing: done.existing,
      errors: 0,
      documentIds: done.ids,
    });
    throw ctx.signal.reason;
  };
  for (const [i, group] of parsed.groups.entries()) {
    await stopIfCancelled({ created: 0, existing: 0, ids: [] });
    await yieldToOthers();
    const checked = await checkGroup(ctx.db, caller, template, parsed, group, fill, now, checks);
    errors.push(...checked.errors);
    warnings.push(...checked.warnings);
    if (checked.content) contents.push(checked.content);
    if (i % 10 === 9 || i === total - 1) await ctx.progress({ done: i + 1, failed: errors.length });
  }
  warnings.push(...checks.summary());
  if (errors.length || warnings.length)
    await ctx.db.transaction((tx) => log.recordErrors(tx, row.id, [...errors, ...warnings]));
  if (errors.length) {
    const result = { ...base, state: 'invalid' as const, created: 0, existing: 0, errors: errors.length };
    await log.finishLog(ctx.db, row.id, { ...result, warnings: warnings.length });
    return { ...result, warnings: warnings.length };
  }
  if (row.dry_run) {
    const result = { ...base, state: 'checked' as const, created: 0, existing: 0, errors: 0 };
    await log.finishLog(ctx.db, row.id, { ...result, warnings: warnings.length });
    return { ...result, warnings: warnings.length };
  }
  let created = 0;
  let existing = 0;
  const ids: string[] = [];
  for (const [i, content] of contents.entries()) {
    await stopIfCancelled({ created, existing, ids });
    await yieldToOthers();
    const groupKey = parsed.groups[i].key;
    const known = await log.importedDocument(ctx.db, row.organization_id, tableHash, groupKey);
    if (known) {
      ids.push(known);
      existing++;
    } else {
      // The idempotency key covers a run that stopped between creating the draft and recording it.
      const added = await addDraft(documents, caller, row.kind, content, `import:${tableHash}:${groupKey}`);
      await log.recordImportedDocument(ctx.db, row.organization_id, tableHash, groupKey, added.id);
      ids.push(added.id);
      created++;
    }
    if (i % 10 === 9 || i === total - 1) await ctx.progress({ done: total + i + 1 });
  }
  const result = {
    ...base,
    state: 'done' as const,
    created,
    existing,
    errors: 0,
    warnings: warnings.length,
    documentIds: ids,
  };
  await log.finishLog(ctx.db, row.id, result);
  return result;
}

/**
 * Checks the upload (empty, too large, not .xlsx, unknown kind: a 4xx at once), records it in the
 * log and queues the job, in one transaction. Answers the log id and the job id.
 */
export async function startImport(
  db: Db,
  jobs: JobQueue,
  caller: Caller,
  upload: { kind: string; fileName: string; file: Buffer; dryRun: boolean; forSigning: boolean },
): Promise<{ importId: string; jobId: string }> {
  // What makes the whole file unusable is answered now, not in the job: not a workbook, empty, too
  // large, no column to group rows by.
  mapHeader(templateOf(upload.kind), readRows(upload.file, 2)[0], caller.lang);
  return db.transaction(async (tx) => {
    const importId = await log.insertLog(tx, {
      organizationId: caller.user.organizationId,
      userId: caller.user.userId,
      kind: upload.kind,
      fileName: upload.fileName,
      hash: sha256(upload.file),
      file: upload.file,
      dryRun: upload.dryRun,
      forSigning: upload.forSigning,
    });
    const jobId = await jobs.enqueue(
      tx,
      IMPORT_JOB,
      { importId, lang: caller.lang } satisfies ImportJobData,
      {
        owner: { organizationId: caller.user.organizationId, userId: caller.user.userId },
      },
    );
    await log.setJob(tx, importId, jobId);
    return { importId, jobId };
  });
}
