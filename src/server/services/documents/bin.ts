import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { requireDocumentRight } from '../access';
import { appendEvent } from './chain';
import { loadDocument, loadVisible } from './rows';
import type { Caller, DocumentsContext } from './types';

export type BinOperation = 'bin' | 'restore' | 'delete';

export interface BulkResult {
  id: string;
  success: boolean;
  code?: string;
  message?: string;
}

const FROM: Record<BinOperation, 'active' | 'binned'> = {
  bin: 'active',
  restore: 'binned',
  delete: 'binned',
};
const TO: Record<BinOperation, 'active' | 'binned' | 'deleted'> = {
  bin: 'binned',
  restore: 'active',
  delete: 'deleted',
};

/**
 * Bin, restore or delete forever one document for the caller only: the other parties' lists are
 * untouched and the legal state (status, signatures) stays as it is. Deleting for good is possible
 * only from the bin. Each change is an event in the document's chain.
 */
async function changeBinState(ctx: DocumentsContext, caller: Caller, id: string, operation: BinOperation) {
  const { doc, party } = await loadVisible(ctx.db, caller, id);
  await requireDocumentRight(ctx.db, caller.user, doc.kind, 'view');
  if (party.bin_state !== FROM[operation])
    throw new ApiError(409, 'BIN_STATE', `exchange:errors.binState.${operation}`);
  await ctx.db.transaction(async (tx: Db) => {
    const current = await loadDocument(tx, id, true);
    if (!current) throw new ApiError(404, 'NOT_FOUND', 'exchange:errors.notFound');
    const { rowCount } = await tx.query(
      `update document_parties set bin_state = $3, binned_at = case when $3 = 'active' then null else $4::timestamptz end
       where document_id = $1 and identity = $2 and bin_state = $5`,
      [id, caller.identity, TO[operation], ctx.now(), FROM[operation]],
    );
    if (rowCount === 0) throw new ApiError(409, 'BIN_STATE', `exchange:errors.binState.${operation}`);
    await appendEvent(tx, {
      documentId: id,
      action: operation,
      fromStatus: current.status,
      toStatus: current.status,
      actorUserId: caller.user.userId,
      actorOrgId: caller.user.organizationId,
      actorIdentity: caller.identity,
      actorRole: null,
      actorName: null,
      reason: null,
      signatureId: null,
      signatureHash: null,
      contentHash: current.content_hash,
      at: ctx.now(),
    });
  });
}

/** Document/bulkBin, bulkRestore, bulkDelete: one answer per document, each in its own transaction. */
export async function bulkBinState(
  ctx: DocumentsContext,
  caller: Caller,
  ids: string[],
  operation: BinOperation,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await changeBinState(ctx, caller, id, operation);
      results.push({ id, success: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({
        id,
        success: false,
        code: error.code,
        message: translate(caller.lang, error.messageKey, error.params),
      });
    }
  }
  return results;
}
