// Handing the actions made in Hujjat to the operator (issue 28 items 2, 5, 6): the user's own
// signature, as made; what the operator asks to be signed must be exactly what the user signed, else
// the push fails with RESIGN_NEEDED (never signed here). A send looks for the document at the
// operator before creating it, so a push retried after a lost answer never makes a second one.
import { encodeCms, fromBase64, mergeSignedData, parseCms, toBase64 } from '../../../../engine/cms';
import { actionInfo, getLifecycle } from '../../../../engine/lifecycle';
import type { Db } from '../../../db/client';
import { sha256Hex } from '../../documents/chain';
import { OperatorError } from '../providers';
import { type OperatorLink, withSession } from './session';
import {
  claimNextPush,
  finishPush,
  finishRun,
  nextPushDue,
  type OutboxRow,
  retryDelayMs,
  setTransport,
  startRun,
  transportOf,
} from './transport';

/** A push that cannot succeed as it is (no retry helps). */
export class PushRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface DocumentForPush {
  kind: string;
  status: number;
  national_id: string | null;
  signed_bytes: Uint8Array | null;
}

function join(held: string, own: string): string {
  const base = parseCms(fromBase64(held)).signedData;
  return toBase64(encodeCms(mergeSignedData(base, parseCms(fromBase64(own)).signedData)));
}

async function pushOne(db: Db, link: OperatorLink, push: OutboxRow): Promise<void> {
  const [{ rows: docs }, transport, { rows: signatures }] = await Promise.all([
    db.query<DocumentForPush>('select kind, status, national_id, signed_bytes from documents where id = $1', [
      push.document_id,
    ]),
    transportOf(db, link.organizationId, push.document_id),
    db.query<{ cms: string; bytes_hash: string }>(
      `select cms, bytes_hash from document_signatures
        where document_id = $1 and action = $2 and party_identity = $3 order by created_at desc limit 1`,
      [push.document_id, push.action, link.identity],
    ),
  ]);
  const doc = docs[0];
  const signature = signatures[0];
  if (!doc || !transport || !signature || !doc.signed_bytes)
    throw new PushRefused('NOTHING_TO_PUSH', 'the document or its signature is gone');
  const action = actionInfo(doc.kind, push.action);
  if (!action) throw new PushRefused('UNSUPPORTED_ACTION', `no action ${push.action}`);
  const provider = link.provider;
  let operatorId = transport.operator_id;

  if (action.sign.shape === 'document' && !operatorId) {
    // Look before creating: an earlier run may have created it and lost the answer.
    const found = doc.national_id
      ? await withSession(link, (s) => provider.findDocument(s, doc.kind, doc.national_id as string))
      : null;
    const made =
      found ??
      (await withSession(link, (s) => provider.createDocument(s, doc.kind, doc.signed_bytes as Uint8Array)));
    operatorId = made.operatorId;
    await setTransport(db, transport.id, { operator_id: operatorId, roaming_id: made.roamingId });
    if (found && found.status !== getLifecycle(doc.kind).initial) {
      await setTransport(db, transport.id, { operator_status: found.status, transport_state: 'atOperator' });
      return; // sent already: the earlier run's submit arrived
    }
  }
  if (!operatorId) throw new PushRefused('NOT_AT_OPERATOR', 'the document is not at the operator');
  const id = operatorId;

  if (action.sign.shape !== 'document') {
    // Made already (an earlier run's answer was lost)? The operator's status tells.
    const held = await withSession(link, (s) => provider.fetchDocument(s, id));
    if (!action.from.includes(held.status)) {
      await setTransport(db, transport.id, { operator_status: held.status, transport_state: 'atOperator' });
      if (held.status === doc.status) return;
      throw new PushRefused('STATUS_DIFFERS', `the operator holds the document in status ${held.status}`);
    }
  }
  const toSign = await withSession(link, (s) => provider.toSign(s, id, doc.kind, push.action, push.reason));
  if (sha256Hex(toSign.bytes) !== signature.bytes_hash)
    throw new PushRefused('RESIGN_NEEDED', 'the operator asks to sign other bytes than were signed');
  const submitted = toSign.cms ? join(toSign.cms, signature.cms) : signature.cms;
  const answer = await withSession(link, (s) =>
    provider.submit(s, id, doc.kind, push.action, submitted, push.reason),
  );
  await setTransport(db, transport.id, {
    operator_status: answer.status,
    roaming_id: answer.roamingId ?? transport.roaming_id,
    transport_state: 'atOperator',
    failure_code: null,
    failure_message: null,
    next_attempt_at: null,
  });
}

export interface PushOutcome {
  pushed: number;
  failed: number;
  /** When waiting pushes are due again (operator down or 429), or null. */
  nextDue: Date | null;
}

const ERROR_CODES: Record<OperatorError['kind'], string> = {
  rejected: 'OPERATOR_REJECTED',
  forbidden: 'OPERATOR_FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'OPERATOR_NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  down: 'OPERATOR_DOWN',
};

/** Every due push of the organisation, oldest first; waits grow while the operator is down or limits. */
export async function pushPending(
  db: Db,
  link: OperatorLink,
  signal?: AbortSignal,
  jobId: string | null = null,
): Promise<PushOutcome> {
  const run = await startRun(db, link.organizationId, link.provider.name, 'push');
  let pushed = 0;
  let failed = 0;
  let lastError: { code: string; message: string } | null = null;
  for (;;) {
    if (signal?.aborted) break;
    const push = await claimNextPush(db, link.organizationId, jobId);
    if (!push) break;
    const transport = await transportOf(db, link.organizationId, push.document_id);
    try {
      await pushOne(db, link, push);
      await finishPush(db, push.id, { state: 'done' });
      pushed++;
    } catch (err) {
      failed++;
      if (err instanceof OperatorError && err.transient) {
        const nextAttemptAt = new Date(Date.now() + retryDelayMs(push.attempts, err.retryAfterMs));
        lastError = { code: ERROR_CODES[err.kind], message: err.message };
        await finishPush(db, push.id, { state: 'queued', ...lastError, nextAttemptAt });
        if (transport)
          await setTransport(db, transport.id, {
            transport_state: 'queued',
            failure_code: lastError.code,
            failure_message: lastError.message,
            attempts: push.attempts,
            next_attempt_at: nextAttemptAt,
          });
        continue;
      }
      const code =
        err instanceof OperatorError ? ERROR_CODES[err.kind] : err instanceof PushRefused ? err.code : null;
      if (!code) throw err;
      lastError = { code, message: (err as Error).message };
      await finishPush(db, push.id, { state: 'failed', ...lastError });
      if (transport)
        await setTransport(db, transport.id, {
          transport_state: 'failed',
          failure_code: code,
          failure_message: lastError.message,
          attempts: push.attempts,
          next_attempt_at: null,
        });
    }
  }
  await finishRun(db, run, { pushed, failed }, lastError);
  return { pushed, failed, nextDue: await nextPushDue(db, link.organizationId) };
}
