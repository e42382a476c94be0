import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { JobContext, JobDefinition, JobQueue } from '../../jobs';
import type { Caller } from '../documents';
import { callerFor } from '../imports/job';
import { storedArchive } from './stored';

/**
 * Signed archives of a selection of documents: one .zip holding each document's own archive (each
 * checks offline with `npm run verify:archive`) and `index.json` naming what each holds or why it
 * is missing (not found, not signed). A few documents are answered at once; more go to the job
 * `archive.documents`, whose owner follows its progress (Job/get, Job/stream) and downloads the file
 * (Document/getArchiveFile) until it expires.
 */
export const ARCHIVE_JOB = 'archive.documents';
/** Up to this many documents the archive is answered at once. */
export const ARCHIVE_INLINE_MAX = 10;
/** Documents one selection takes (as a bulk action does). */
export const ARCHIVE_SELECTION_MAX = 500;
/** How long a built archive waits for its owner. */
export const ARCHIVE_FILE_TTL_HOURS = 24;

export interface ArchiveJobData {
  ids: string[];
  lang: Locale;
  origin: string;
}

export interface ArchiveJobResult {
  name: string;
  size: number;
  documents: number;
  failed: number;
}

interface IndexEntry {
  id: string;
  file: string | null;
  error: { code: string; message: string } | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The selection's .zip; `onItem` after each document (progress). */
export async function selectionArchive(
  db: Db,
  caller: Caller,
  request: { ids: string[]; origin: string; now?: Date },
  onItem: (done: number, failed: number) => Promise<void> = async () => {},
  signal?: AbortSignal,
): Promise<{ zip: Uint8Array; documents: number; failed: number }> {
  const now = request.now ?? new Date();
  const files: Record<string, Uint8Array> = {};
  const index: IndexEntry[] = [];
  let failed = 0;
  for (const id of [...new Set(request.ids)]) {
    if (signal?.aborted) throw signal.reason;
    try {
      const archive = await storedArchive(db, caller, id, { lang: caller.lang, origin: request.origin, now });
      // Two documents of one number (a kind's series) keep apart by their id.
      const name = files[archive.fileName]
        ? archive.fileName.replace(/\.zip$/, `_${id}.zip`)
        : archive.fileName;
      files[name] = archive.zip;
      index.push({ id, file: name, error: null });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed++;
      index.push({
        id,
        file: null,
        error: { code: error.code, message: translate(caller.lang, error.messageKey, error.params) },
      });
    }
    await onItem(index.length, failed);
  }
  files['index.json'] = strToU8(`${JSON.stringify(index, null, 2)}\n`);
  const mtime = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const zip = zipSync(
    // The archives inside are compressed already.
    Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { mtime, level: 0 }]])),
  );
  return { zip, documents: index.length - failed, failed };
}

export const selectionFileName = (now: Date) => `hujjat-archive-${now.toISOString().slice(0, 10)}.zip`;

/** Queues the archive of a large selection; answers the job id. */
export async function startSelectionArchive(
  db: Db,
  jobs: JobQueue,
  caller: Caller,
  data: Omit<ArchiveJobData, 'lang'>,
): Promise<string> {
  return db.transaction((tx) =>
    jobs.enqueue(tx, ARCHIVE_JOB, { ...data, lang: caller.lang } satisfies ArchiveJobData, {
      owner: { organizationId: caller.user.organizationId, userId: caller.user.userId },
    }),
  );
}

export function archiveJob(): JobDefinition<ArchiveJobData> {
  return {
    type: ARCHIVE_JOB,
    concurrency: 1,
    async run(ctx: JobContext<ArchiveJobData>): Promise<ArchiveJobResult> {
      if (!ctx.owner?.userId) throw new ApiError(403, 'FORBIDDEN', 'errors:forbidden');
      // A run again after a restart answers the file an earlier run stored.
      const kept = await ctx.db.query<ArchiveJobResult>(
        'select name, size, documents, failed from archive_files where job_id = $1',
        [ctx.id],
      );
      if (kept.rows[0]) return kept.rows[0];
      // The owner's rights as they are now, not as they were when the job was queued.
      const caller = await callerFor(ctx.db, ctx.owner.organizationId, ctx.owner.userId, ctx.data.lang);
      const total = new Set(ctx.data.ids).size;
      await ctx.progress({ done: 0, total });
      const now = new Date();
      const built = await selectionArchive(
        ctx.db,
        caller,
        { ids: ctx.data.ids, origin: ctx.data.origin, now },
        (done, failed) => ctx.progress({ done, total, failed }),
        ctx.signal,
      );
      const name = selectionFileName(now);
      await ctx.db.query('delete from archive_files where expires_at < now()');
      await ctx.db.query(
        `insert into archive_files (job_id, organization_id, user_id, name, bytes, size, sha256, documents, failed,
           expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(hours => $10))
         on conflict (job_id) do nothing`,
        [
          ctx.id,
          ctx.owner.organizationId,
          ctx.owner.userId,
          name,
          built.zip,
          built.zip.length,
          sha256(built.zip),
          built.documents,
          built.failed,
          ARCHIVE_FILE_TTL_HOURS,
        ],
      );
      return { name, size: built.zip.length, documents: built.documents, failed: built.failed };
    },
  };
}

/** The built archive of a job, for its owner only (another organisation's: 404). */
export async function archiveFile(
  db: Db,
  caller: Caller,
  jobId: string,
): Promise<{ name: string; bytes: Uint8Array } | null> {
  const { rows } = await db.query<{ name: string; bytes: Uint8Array; user_id: string | null }>(
    `select name, bytes, user_id from archive_files
     where job_id = $1 and organization_id = $2 and expires_at > now()`,
    [jobId, caller.user.organizationId],
  );
  const row = rows[0];
  if (!row || (row.user_id && row.user_id !== caller.user.userId)) return null;
  return { name: row.name, bytes: new Uint8Array(row.bytes) };
}
