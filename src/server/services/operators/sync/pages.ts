// The pull's list of changes, page after page (issue 28 item 5), in runPages' order and with its
// cursor rule (groups.ts): each page's documents' transport rows read in one query, the caller's
// rights once a page, new documents written together (group commit, db/batchWriter). A pull stopped
// anywhere (kill -9) starts again from the saved cursor, and what it takes again finds its transport
// row and stores nothing twice.
import { createBatchWriter } from '../../../db/batchWriter';
import { readRightsOncePerRequest } from '../../access/rights';
import type { Caller } from '../../documents/types';
import type { InteropContext } from '../../interop';
import type { OperatorChange } from '../providers';
import { runPages } from './groups';
import { type OperatorLink, withSession } from './session';
import { takeChange } from './take';
import { type OperatorDocumentRow, saveCursor, transportsByOperatorIds } from './transport';

/** Changes one listing asks for (a page: its cursor is saved once all of them are stored). */
export const PULL_PAGE = 100;
/**
 * Changes taken at once: each waits on the operator (its document) and on the database for part of
 * its time, so several overlap. New documents are written together (PULL_WRITER), so more in flight
 * make larger batches: 24 wrote 8.7 documents a batch on average against 2.2 with 8 (3,000 documents
 * on PostgreSQL, 2026-11-29; 16 a batch at most).
 */
export const PULL_CONCURRENCY = 24;
/**
 * New documents are written in batches of up to 16, two batches at a time: what a batch does before
 * the company's shared rows (inserts, search pieces) overlaps the other's commit. 10,000 documents on
 * PostgreSQL, 2026-11-29: 114 docs/s against 102 with one at a time.
 */
const PULL_WRITER = { maxGroups: 16, maxInFlight: 2 };

export interface PageTaken {
  /** Changes of the page that changed something here. */
  taken: number;
  /** From the start of its listing to its cursor saved. */
  ms: number;
}

/**
 * Takes the changes from `cursor` until the list is read out (or `signal` aborts): PULL_CONCURRENCY
 * at a time across pages, one operator document's changes in order even when they are on two pages.
 * On a failure no new change starts, the cursor stays after the last page stored whole, and the
 * first failure is thrown once the running changes end.
 */
export async function takePages(
  ctx: InteropContext,
  link: OperatorLink,
  caller: Caller,
  cursor: string | null,
  options: { signal?: AbortSignal; onPage?: (page: PageTaken) => void } = {},
): Promise<{ taken: number; pages: number }> {
  // New documents written together as they come, across pages.
  const pullCtx: InteropContext = { ...ctx, write: createBatchWriter(ctx.db, PULL_WRITER).write };
  let saved = cursor;
  return runPages<OperatorChange>(cursor, {
    list: (from) =>
      withSession(link, (s) => link.provider.listChanges(s, from, PULL_PAGE)).then((page) => ({
        items: page.changes,
        cursor: page.cursor,
        more: page.more,
      })),
    keyOf: (change) => change.operatorId,
    limit: PULL_CONCURRENCY,
    signal: options.signal,
    async begin(page, busy) {
      // The page is one request's worth: the caller's rights are read once for it.
      const pageCaller: Caller = { ...caller, user: { ...caller.user } };
      readRightsOncePerRequest(pageCaller.user);
      const known = await knownRows(ctx, link, page.items, busy);
      return (change) => takeChange(pullCtx, link, pageCaller, change, known.get(change.operatorId));
    },
    async commit(page, taken, ms) {
      if (page.cursor && page.cursor !== saved) {
        await saveCursor(ctx.db, link.organizationId, link.provider.name, page.cursor);
        saved = page.cursor;
      }
      options.onPage?.({ taken, ms });
    },
  });
}

/**
 * The transport rows of a page's documents, read in one query: undefined for a document changed
 * twice on the page or still being taken from the page before (read when its turn comes), null for
 * one with no row.
 */
async function knownRows(
  ctx: InteropContext,
  link: OperatorLink,
  changes: OperatorChange[],
  busy: (operatorId: string) => boolean,
): Promise<Map<string, OperatorDocumentRow | null>> {
  const once = new Map<string, number>();
  for (const change of changes) once.set(change.operatorId, (once.get(change.operatorId) ?? 0) + 1);
  const ids = [...once].filter(([id, n]) => n === 1 && !busy(id)).map(([id]) => id);
  const rows = await transportsByOperatorIds(ctx.db, link.organizationId, link.provider.name, ids);
  const known = new Map<string, OperatorDocumentRow | null>();
  for (const id of ids) known.set(id, rows.get(id) ?? null);
  return known;
}
