// The stand-in's life cycle: each kind's lifecycle.json (the same data Hujjat runs on, which follows
// Didox's doc_status codes), so the statuses, who may act and what is signed are the documented ones.
import { bytesEqual, encodeCms, fromBase64, mergeSignedData, parseCms, toBase64 } from '../../engine/cms';
import {
  type ActionDeclaration,
  actionInfo,
  bytesToSign,
  getLifecycle,
  lifecycleKinds,
  nextStatus,
  rolesOf,
} from '../../engine/lifecycle';
import { objectId, type StandInDocument } from './store';

/** An answer the stand-in gives as Didox does: status and errorDetails. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const OBJECT_ENDPOINTS: Record<string, string> = {
  cancel: 'delete',
  responsibleGive: 'give',
  responsibleTillReturn: 'tillreturn',
  responsibleReturn: 'return',
  consignorReturn: 'consignorreturn',
  consignorReturnAccept: 'consignorreturnaccept',
};

export const ENDPOINTS = ['sign', 'reject', ...Object.values(OBJECT_ENDPOINTS)];

export function endpointOf(action: ActionDeclaration): string {
  if (action.sign.shape === 'document' || action.sign.shape === 'cosign') return 'sign';
  if (action.sign.shape === 'wrap') return 'reject';
  return OBJECT_ENDPOINTS[action.name] ?? action.name.toLowerCase();
}

export function kindOfDoctype(doctype: string): string | null {
  return lifecycleKinds().find((kind) => getLifecycle(kind).didoxCode === doctype) ?? null;
}

export function contentOf(doc: StandInDocument): unknown {
  return JSON.parse(Buffer.from(doc.bytes, 'base64').toString('utf8'));
}

/** The action `login` may take now, by name (or by endpoint when the name is not given). */
export function resolveAction(
  doc: StandInDocument,
  login: string,
  wanted: { action?: string | null; endpoint?: string },
): ActionDeclaration {
  const lifecycle = getLifecycle(doc.kind);
  if (wanted.action) {
    if (!lifecycleKinds().some((kind) => actionInfo(kind, wanted.action as string)))
      throw new StandInError(422, 'Unsupported action');
    if (!actionInfo(doc.kind, wanted.action)) throw new StandInError(422, 'Not supported operation');
  }
  const roles = rolesOf(doc.parties, login);
  const candidates = lifecycle.actions.filter(
    (a) =>
      (!wanted.action || a.name === wanted.action) &&
      (!wanted.endpoint || endpointOf(a) === wanted.endpoint) &&
      roles.includes(a.by),
  );
  if (!candidates.length) throw new StandInError(403, 'Нет полномочий для этого документа');
  const now = candidates.find((a) => a.from.includes(doc.status));
  if (!now) throw new StandInError(422, `Документ в статусе ${doc.status}: действие недоступно`);
  // One of several who must act in this status (a contract's clients) acts once.
  if (doc.acted.some((entry) => entry.identity === login && entry.action === now.name))
    throw new StandInError(422, 'Документ уже подписан вами');
  return now;
}

/** What signing `action` takes (lifecycle.md §1.1): bytes, or for a co-signature the CMS so far. */
export function toSignOf(doc: StandInDocument, action: ActionDeclaration, comment: string | null) {
  if (action.reason === 'required' && !comment) throw new StandInError(422, 'Комментарий обязателен');
  const signedBytes = fromBase64(doc.bytes);
  if (action.sign.shape === 'cosign') return { data: doc.cms as string, bytes: signedBytes };
  // Sending signs the document's bytes exactly as they were created.
  if (action.sign.shape === 'document') return { data: doc.bytes, bytes: signedBytes };
  const bytes = bytesToSign(doc.kind, action.name, {
    content: contentOf(doc),
    signedBytes,
    reason: comment,
    documentId: doc.id,
    parties: doc.parties,
  });
  return { data: toBase64(bytes), bytes };
}

function signerCount(cms: string | null): number {
  return cms ? parseCms(fromBase64(cms)).signedData.signerInfos.length : 0;
}

/** Joins a co-signature made over the document's bytes to the CMS held (a ready joined CMS is kept). */
export function joined(held: string, signature: string): string {
  const base = parseCms(fromBase64(held)).signedData;
  const extra = parseCms(fromBase64(signature)).signedData;
  return toBase64(encodeCms(mergeSignedData(base, extra)));
}

/**
 * Applies a signed action: the signature must sign exactly what `tosign` gives (a co-signature: the
 * document's bytes, with at least one signer more than held), then the life cycle moves.
 */
export function applyAction(
  doc: StandInDocument,
  login: string,
  action: ActionDeclaration,
  signature: string,
  comment: string | null,
): StandInDocument {
  const expected = toSignOf(doc, action, comment);
  let content: Uint8Array | null;
  try {
    content = parseCms(fromBase64(signature)).content;
  } catch {
    throw new StandInError(422, 'Подпись не читается');
  }
  if (!content || !bytesEqual(content, expected.bytes))
    throw new StandInError(422, 'Подпись не соответствует документу');
  const at = new Date().toISOString();
  let cms = doc.cms;
  if (action.sign.shape === 'document') cms = signature;
  else if (action.sign.shape === 'cosign') {
    cms = signerCount(signature) > signerCount(doc.cms) ? signature : joined(doc.cms as string, signature);
  }
  const content2 = contentOf(doc);
  const next = nextStatus(doc.kind, action.name, {
    status: doc.status,
    content: content2,
    parties: doc.parties,
    acted: doc.acted,
    identity: login,
  });
  const to = next ?? doc.status;
  return {
    ...doc,
    roamingId: doc.roamingId ?? (action.sign.shape === 'document' ? objectId() : null),
    cms,
    status: to,
    acted: next === null ? [...doc.acted, { role: action.by, identity: login, action: action.name }] : [],
    signatures:
      action.sign.shape === 'document' || action.sign.shape === 'cosign'
        ? doc.signatures
        : [...doc.signatures, { action: action.name, by: login, cms: signature, comment, signingTime: at }],
    history: [...doc.history, { action: action.name, by: login, from: doc.status, to, at }],
  };
}
