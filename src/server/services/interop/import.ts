import {
  boxAfter,
  type DocumentParty,
  getLifecycle,
  hasLifecycle,
  partiesOf,
  type Role,
  statusInfo,
} from '../../../engine/lifecycle';
import { detectKind, readReceived } from '../../../engine/national';
import { listKinds } from '../../../engine/schemas';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/combine';
import { ApiError } from '../../errors';
import type { SignatureService } from '../../signing';
import { requireDocumentRight } from '../access';
import { sha256Hex } from '../documents/chain';
import type { Caller } from '../documents/types';
import { isTinOrPinfl } from '../organizations';
import { type ReceivedInput, readReceivedRecord } from './received';
import { matchSigners, verifySigners } from './signers';
import { receivedState } from './status';
import { type ReceiptFindings, storeReceivedDocument } from './store';

export interface InteropContext {
  db: Db;
  signing: SignatureService;
  now: () => Date;
  /** Writes a new document's statements (db/batchWriter: with other documents'); default one by one. */
  write?: (statements: Statement[]) => Promise<void>;
}

export interface ImportedDocument {
  documentId: string;
  kind: string;
  /** Its status here. */
  status: number;
  /** False when the document was already held and the caller was only shown it. */
  created: boolean;
  findings: ReceiptFindings;
}

/** The role a document of an unknown shape is filed under for its importer: the kind's receiver. */
function importerRole(kind: string): Role {
  const roles = Object.entries(getLifecycle(kind).parties)
    .filter(([role, declaration]) => role !== 'sender' && declaration && !declaration.individual)
    .map(([role]) => role as Role);
  return roles.includes('receiver') ? 'receiver' : (roles[0] ?? 'receiver');
}

function kindOf(requested: string | null | undefined, text: string): string {
  if (requested) {
    if (!hasLifecycle(requested) || !listKinds('documents').some((k) => k.kind === requested))
      throw new ApiError(400, 'UNKNOWN_KIND', 'exchange:errors.unknownKind', { kind: requested });
    return requested;
  }
  const detected = detectKind(text);
  if (!detected) throw new ApiError(422, 'KIND_UNKNOWN', 'interop:import.kindUnknown');
  return detected.kind;
}

/**
 * Imports a document made elsewhere (Synchronize/importDocuments; docs/interop.md): the CMS and its
 * exact content become the record; the receipt profile gives the view lists and screens show and its
 * findings become warnings (never a refusal of what the hub accepted); every signer is verified on
 * its own and set against the parties; the document lands in the caller's lists in the state its
 * signatures say. A document of an unknown shape is kept and shown as its raw signed JSON.
 */
export async function importReceived(
  ctx: InteropContext,
  caller: Caller,
  input: ReceivedInput,
  options: {
    /** Written with the document, atomically (the operator sync links its id there). */
    alsoWrite?: (documentId: string) => Statement[];
  } = {},
): Promise<ImportedDocument> {
  const record = readReceivedRecord(input);
  const kind = kindOf(input.kind, record.text);
  await requireDocumentRight(ctx.db, caller.user, kind, 'accept');
  const view = readReceived(kind, record.text);
  const content = view.recognized ? (view.content ?? {}) : {};
  // A party whose id is not a TIN or PINFL (the receipt profile warns of it) cannot hold the
  // document in Hujjat: it stays in the content, not among the party rows.
  let parties: DocumentParty[] = view.recognized
    ? partiesOf(kind, content).filter((p) => isTinOrPinfl(p.identity))
    : [];
  if (!parties.some((p) => p.identity === caller.identity)) {
    if (view.recognized) throw new ApiError(403, 'NOT_A_PARTY', 'interop:import.notAParty');
    parties = [{ role: importerRole(kind), identity: caller.identity, name: null, branch: null }];
  }

  const contentHash = sha256Hex(record.bytes);
  const held = await alreadyHeld(ctx.db, caller, kind, contentHash);
  if (held) return held;

  const context = { clientIp: caller.ip ?? undefined, host: caller.host };
  const { checks, unavailable } = await verifySigners(ctx.signing, record.cms, context);
  const signers = await matchSigners(ctx.db, checks, parties, content);
  const state = receivedState(kind, content, parties, signers);
  // The kind's life cycle says whether the importer's side holds the document in that state (an
  // empowerment signed by the buyer alone is not yet the supplier's): else it would be stored
  // unseen — "created", then 404, then a duplicate.
  const roles = parties.filter((p) => p.identity === caller.identity).map((p) => p.role);
  if (!roles.some((role) => boxAfter(kind, state.status, role, null)))
    throw new ApiError(409, 'NOT_YOURS_YET', 'interop:import.notYoursYet', {
      status: statusInfo(kind, state.status)?.key ?? state.status,
    });
  const findings: ReceiptFindings = {
    recognized: view.recognized,
    profile: view.warnings.map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params })),
    extensions: view.extensions,
    signers,
    unverified: unavailable,
  };
  const documentId = await storeReceivedDocument(
    ctx.db,
    caller,
    {
      kind,
      record,
      contentHash,
      content,
      parties,
      findings,
      status: state.status,
      steps: state.steps,
      acted: state.acted,
    },
    ctx.now(),
    options.alsoWrite,
    ctx.write,
  );
  return { documentId, kind, status: state.status, created: true, findings };
}

/**
 * The same signed document held already (the same kind and exact bytes): shown to the caller when
 * it is a party that does not see it yet; refused as a repeat when it does.
 */
async function alreadyHeld(
  db: Db,
  caller: Caller,
  kind: string,
  hash: string,
): Promise<ImportedDocument | null> {
  const { rows } = await db.query<{
    id: string;
    status: number;
    warnings: ReceiptFindings | null;
    box: string | null;
    roles: Role[] | null;
  }>(
    `select d.id, d.status, d.warnings, p.box, p.roles
       from documents d left join document_parties p on p.document_id = d.id and p.identity = $3
      where d.kind = $1 and d.content_hash = $2 and d.signed_bytes is not null
      order by d.created_at limit 1`,
    [kind, hash, caller.identity],
    // Asked for every document a pull brings: parsed and planned once per connection (parsing and
    // planning it each time was ~4 % of PostgreSQL's time in a pull, perf 2026-11-29).
    { prepare: true },
  );
  const existing = rows[0];
  if (!existing?.roles) return null;
  if (existing.box !== null)
    throw new ApiError(409, 'ALREADY_RECEIVED', 'interop:import.alreadyReceived', {
      documentId: existing.id,
    });
  let box: string | null = null;
  for (const role of existing.roles) box ??= boxAfter(kind, existing.status, role, null);
  if (!box) return null;
  await db.query('update document_parties set box = $3 where document_id = $1 and identity = $2', [
    existing.id,
    caller.identity,
    box,
  ]);
  return {
    documentId: existing.id,
    kind,
    status: existing.status,
    created: false,
    findings: existing.warnings ?? {
      recognized: true,
      profile: [],
      extensions: [],
      signers: [],
      unverified: false,
    },
  };
}
