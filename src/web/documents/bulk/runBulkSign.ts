// The bulk-signing loop, apart from the screen: the key is loaded and its password checked once,
// then for each chunk the server's exact bytes (multiGetModelSign) are signed in turn and posted
// (multiRun). Each document is its own transaction on the server; stopping between two chunks (the
// dialog's Stop, the tab closing) leaves what was signed signed and the rest untouched.
import {
  finishMultiSign,
  multiGetModelSign,
  multiRun,
  reportMultiSign,
  startMultiSign,
} from '../../api/bulk';
import { newIdempotencyKey } from '../../api/documents';
import type { Certificate } from '../../signing';
import { getEimzoClient } from '../../signing';
import { base64ToBytes } from '../signing/bytes';

export const CHUNK = 25;

export interface BulkProgress {
  done: number;
  refused: number;
  skipped: number;
  total: number;
}

export interface BulkOutcome {
  documentId: string;
  outcome: 'done' | 'refused' | 'skipped' | 'notSigned';
  message?: string;
}

export async function runBulkSign(options: {
  cert: Certificate;
  action: string;
  reason?: string;
  documentIds: string[];
  signal: AbortSignal;
  onProgress(p: BulkProgress, outcomes: BulkOutcome[]): void;
}): Promise<{ logId: string; outcomes: BulkOutcome[] }> {
  const { cert, action, reason, documentIds, signal } = options;
  const eimzo = await getEimzoClient();
  await eimzo.install();
  const keyId = await eimzo.loadKey(cert);
  await eimzo.verifyPassword(cert, keyId);
  const logId = await startMultiSign(action, documentIds, reason);
  const outcomes: BulkOutcome[] = [];
  const progress: BulkProgress = { done: 0, refused: 0, skipped: 0, total: documentIds.length };
  const publish = () => options.onProgress({ ...progress }, outcomes);
  try {
    for (let i = 0; i < documentIds.length && !signal.aborted; i += CHUNK) {
      const chunk = documentIds.slice(i, i + CHUNK);
      const models = await multiGetModelSign(
        logId,
        chunk.map((documentId) => ({ documentId, action, ...(reason ? { reason } : {}) })),
      );
      const items = [];
      for (const m of models) {
        if (!m.success || !m.toSign) {
          progress.skipped++;
          outcomes.push({ documentId: m.documentId, outcome: 'skipped', message: m.message });
          continue;
        }
        if (signal.aborted) break;
        const { pkcs7_64 } = await eimzo.createPkcs7(base64ToBytes(m.toSign), keyId);
        items.push({
          documentId: m.documentId,
          action,
          signature: pkcs7_64,
          version: m.version,
          ...(reason ? { reason } : {}),
        });
      }
      if (items.length) {
        const results = await multiRun(items, newIdempotencyKey());
        const refused = [];
        for (const r of results) {
          if (r.success) {
            progress.done++;
            outcomes.push({ documentId: r.documentId, outcome: 'done' });
          } else {
            progress.refused++;
            outcomes.push({ documentId: r.documentId, outcome: 'refused', message: r.message });
            refused.push({
              documentId: r.documentId,
              outcome: 'refused' as const,
              code: String(r.code),
              message: r.message,
            });
          }
        }
        if (refused.length) await reportMultiSign(logId, refused);
      }
      publish();
    }
  } finally {
    await finishMultiSign(logId).catch(() => undefined);
  }
  const seen = new Set(outcomes.map((o) => o.documentId));
  for (const id of documentIds) if (!seen.has(id)) outcomes.push({ documentId: id, outcome: 'notSigned' });
  publish();
  return { logId, outcomes };
}
