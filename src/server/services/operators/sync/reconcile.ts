// When the operator's state and Hujjat's disagree, the operator's signed state wins (issue 28 item 6):
// the steps between the two statuses are found in the kind's life cycle, each recorded with the
// signature the operator holds for it (verified and matched to the parties like any received
// signature) as an event of the document's hash-chained history; a status no step leads to is still
// taken, as an `operatorStatus` event.
import {
  bytesEqual,
  encodeCms,
  fromBase64,
  parseCms,
  signatureValue,
  splitSigners,
  toBase64,
} from '../../../../engine/cms';
import {
  type ActedEntry,
  type ActionDeclaration,
  type DocumentParty,
  getLifecycle,
  nextStatus,
  partiesOf,
} from '../../../../engine/lifecycle';
import type { Db } from '../../../db/client';
import { actedInStatus } from '../../documents/acted';
import { appendEvent, sha256Hex } from '../../documents/chain';
import { syncPartyRows } from '../../documents/partyRows';
import { serialForms, timestampTokenBase64 } from '../../documents/signatures';
import type { Caller, DocumentRow } from '../../documents/types';
import { type InteropContext, matchSigners, type SignerReport, verifySigners } from '../../interop';
import { providerById } from '../catalogue';
import type { OperatorDocument } from '../providers';
import { type OperatorDocumentRow, setTransport } from './transport';

interface Step {
  action: ActionDeclaration;
  from: number;
  to: number;
  /** The party who acts (of several in a role that must all act, each in turn); null: nobody holds it. */
  identity: string | null;
}

/** A step's search state: the status, and who acted in it without moving it (a quorum under way). */
interface Reached {
  status: number;
  acted: ActedEntry[];
  steps: Step[];
}

/** Steps searched at most: a few actions, and one step more for each party of a quorum. */
const MAX_STEPS = 8;

/**
 * The shortest run of actions from `from` to `to`. An action every party of a role must take (a
 * contract's clients: quorum "all") is a step for each of them — those who acted in `from` already
 * (`acted`) aside — and only the last moves the status.
 */
export function stepsBetween(
  kind: string,
  content: unknown,
  parties: DocumentParty[],
  from: number,
  to: number,
  acted: ActedEntry[] = [],
): Step[] | null {
  const lifecycle = getLifecycle(kind);
  let frontier: Reached[] = [{ status: from, acted, steps: [] }];
  for (let depth = 0; depth < MAX_STEPS && frontier.length; depth++) {
    const next: Reached[] = [];
    for (const reached of frontier)
      for (const action of lifecycle.actions.filter((a) => a.from.includes(reached.status))) {
        const actor = parties.find(
          (p) =>
            p.role === action.by &&
            !reached.acted.some((e) => e.identity === p.identity && e.action === action.name),
        );
        if (action.quorum === 'all' && !actor) continue;
        let target: number | null;
        try {
          target = nextStatus(kind, action.name, { ...reached, content, parties, identity: actor?.identity });
        } catch {
          continue;
        }
        const step = {
          action,
          from: reached.status,
          to: target ?? reached.status,
          identity: actor?.identity ?? null,
        };
        const steps = [...reached.steps, step];
        if (target === null) {
          // Recorded, the status stays: the quorum's next party is the next step.
          const entry = { role: action.by, identity: step.identity as string, action: action.name };
          next.push({ status: reached.status, acted: [...reached.acted, entry], steps });
          continue;
        }
        if (target === reached.status) continue;
        if (target === to) return steps;
        next.push({ status: target, acted: [], steps });
      }
    frontier = next;
  }
  return null;
}

/**
 * The actions every party of a role must take in `status` (quorum "all": a contract's clients). While
 * one is under way, the operator's status stays as it is and a co-signature is new all the same.
 */
export function quorumActions(kind: string, status: number): ActionDeclaration[] {
  return getLifecycle(kind).actions.filter((a) => a.quorum === 'all' && a.from.includes(status));
}

/**
 * The steps of a quorum under way in `status` the operator's CMS shows beyond ours: one per new
 * co-signer, each for a party of the role that has not acted here yet (in order; the verified signer
 * names the actor when they are recorded).
 */
function quorumSteps(
  kind: string,
  status: number,
  parties: DocumentParty[],
  acted: ActedEntry[],
  newCosigners: number,
): Step[] {
  const steps: Step[] = [];
  for (const action of quorumActions(kind, status).filter((a) => a.sign.shape === 'cosign'))
    for (const party of parties.filter((p) => p.role === action.by))
      if (!acted.some((e) => e.identity === party.identity && e.action === action.name))
        steps.push({ action, from: status, to: status, identity: party.identity });
  // All of them signed would have moved the status: the last stays for the step that moves it.
  return steps.slice(0, Math.min(newCosigners, Math.max(steps.length - 1, 0)));
}

function signerParts(cms: string | null): Array<{ value: Uint8Array; cms: string }> {
  if (!cms) return [];
  const { signedData } = parseCms(fromBase64(cms));
  return splitSigners(signedData).map((part) => ({
    value: signatureValue(part.signerInfos[0]),
    cms: toBase64(encodeCms(part)),
  }));
}

async function insertSignature(
  tx: Db,
  documentId: string,
  action: string,
  role: string,
  identity: string,
  cms: string,
  report: SignerReport | undefined,
  bytesHash: string,
  now: Date,
): Promise<{ id: string; hash: string }> {
  const serial = report?.serialHex ? serialForms(report.serialHex) : { hex: '', dec: '' };
  const cmsHash = sha256Hex(cms);
  const { rows } = await tx.query<{ id: string }>(
    `insert into document_signatures (document_id, action, party_role, party_identity, signer_tin, signer_pinfl,
       signer_name, signer_organization, serial_hex, serial_dec, signed_at, timestamp_at, timestamp_token, cms,
       cms_hash, bytes_hash, ip, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, null, $17) returning id`,
    [
      documentId,
      action,
      role,
      identity,
      report?.tin ?? null,
      report?.pinfl ?? null,
      report?.name ?? null,
      report?.organization ?? null,
      serial.hex,
      serial.dec,
      report?.signedAt ?? null,
      report?.timestampAt ?? null,
      timestampTokenBase64(cms),
      cms,
      cmsHash,
      bytesHash,
      now,
    ],
  );
  return { id: rows[0].id, hash: cmsHash };
}

/**
 * The document's signer verdicts with those of the signatures taken from the operator added (the view
 * shows each signature's own verdict: a received document's verdicts once covered only its signers at
 * import, an own document's none).
 */
function withVerdicts(warnings: unknown, reports: Array<SignerReport | undefined>): unknown {
  const taken = reports.filter((r): r is SignerReport => Boolean(r));
  if (!taken.length) return warnings;
  const held = (warnings ?? {}) as { signers?: SignerReport[] };
  return { ...held, signers: [...(held.signers ?? []), ...taken] };
}

/** Whether an action of the document made here waits to reach the operator. */
async function pushPending(db: Db, organizationId: string, documentId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from operator_outbox where organization_id = $1 and document_id = $2
        and state in ('queued', 'running') limit 1`,
    [organizationId, documentId],
  );
  return rows.length > 0;
}

/**
 * Takes the operator's state of a document held here. Answers whether Hujjat's copy changed. The
 * transport row gets the operator's status, and `delivered` once the counterparty acted.
 */
export async function reconcile(
  ctx: InteropContext,
  caller: Caller,
  transport: OperatorDocumentRow,
  remote: OperatorDocument,
): Promise<boolean> {
  const documentId = transport.document_id as string;
  // The status first: mostly it agrees (every document just pulled), and the row with its content,
  // signed bytes and CMS need not be read.
  const { rows: statuses } = await ctx.db.query<{ status: number; kind: string }>(
    'select status, kind from documents where id = $1',
    [documentId],
  );
  if (!statuses[0]) return false;
  // The same status, and no quorum under way in it that could have gained a co-signer: nothing new.
  if (remote.status === statuses[0].status && !quorumActions(statuses[0].kind, remote.status).length) {
    await setTransport(ctx.db, transport.id, {
      operator_status: remote.status,
      roaming_id: remote.roamingId ?? transport.roaming_id,
    });
    return false;
  }
  const { rows } = await ctx.db.query<DocumentRow>('select * from documents where id = $1', [documentId]);
  const doc = rows[0];
  if (!doc) return false;
  const content = doc.content;
  const parties = partiesOf(doc.kind, content);
  const counterpartyActed = (steps: Step[]) => steps.some((s) => s.action.by !== 'sender');
  const sameStatus = remote.status === doc.status;
  // A local action still on its way there (its push pending): an operator state the document has
  // already passed is stale, and taking it would undo that action here. The push settles it.
  if (
    stepsBetween(doc.kind, content, parties, remote.status, doc.status) &&
    (await pushPending(ctx.db, transport.organization_id, documentId))
  )
    return false;
  const acted = await actedInStatus(ctx.db, documentId, doc.status);
  // The evidence: co-signatures the operator's CMS has beyond ours, and its other signatures by action.
  const held = signerParts(doc.cms);
  const newCosigners = signerParts(remote.cms).filter((p) => !held.some((h) => bytesEqual(h.value, p.value)));
  const steps = sameStatus
    ? quorumSteps(doc.kind, doc.status, parties, acted, newCosigners.length)
    : (stepsBetween(doc.kind, content, parties, doc.status, remote.status, acted) ?? []);
  if (sameStatus && !steps.length) {
    await setTransport(ctx.db, transport.id, {
      operator_status: remote.status,
      roaming_id: remote.roamingId ?? transport.roaming_id,
    });
    return false;
  }
  const { rows: known } = await ctx.db.query<{ cms_hash: string }>(
    'select cms_hash from document_signatures where document_id = $1',
    [documentId],
  );
  const knownHashes = new Set(known.map((k) => k.cms_hash));
  const otherSignatures = remote.signatures.filter((s) => !knownHashes.has(sha256Hex(s.cms)));
  const evidence = steps.map((step) => {
    if (step.action.sign.shape === 'cosign') {
      const part = newCosigners.shift();
      return part ? { cms: part.cms, reason: null as string | null } : null;
    }
    const index = otherSignatures.findIndex((s) => s.action === step.action.name);
    return index < 0 ? null : otherSignatures.splice(index, 1)[0];
  });
  const reports = await Promise.all(
    evidence.map(async (e) => {
      if (!e) return undefined;
      const { checks } = await verifySigners(ctx.signing, e.cms, { host: caller.host });
      return (await matchSigners(ctx.db, checks, parties, content))[0];
    }),
  );
  const now = ctx.now();
  const joinedCms =
    newCosigners.length || evidence.some((e, i) => e && steps[i].action.sign.shape === 'cosign')
      ? remote.cms
      : doc.cms;

  await ctx.db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<{ version: number; status: number }>(
      'select version, status from documents where id = $1 for update',
      [documentId],
    );
    if (locked[0]?.version !== doc.version) throw new Error('the document changed while it was reconciled');
    const { rows: previous } = await tx.query<{ identity: string; box: DocumentRow['source'] | null }>(
      'select identity, box from document_parties where document_id = $1',
      [documentId],
    );
    const contentHash = doc.content_hash;
    if (steps.length) {
      for (const [i, step] of steps.entries()) {
        const e = evidence[i];
        // Who acted: the verified signer when it holds the step's role (of a contract's clients, the
        // order they signed in may differ from the order searched), else the step's party.
        const signer = reports[i];
        const actor =
          (signer?.identity && signer.role === step.action.by
            ? parties.find((p) => p.identity === signer.identity && p.role === step.action.by)
            : undefined) ??
          parties.find((p) => p.identity === step.identity && p.role === step.action.by) ??
          parties.find((p) => p.role === step.action.by);
        const signature = e
          ? await insertSignature(
              tx,
              documentId,
              step.action.name,
              step.action.by,
              actor?.identity ?? '',
              e.cms,
              reports[i],
              sha256Hex(parseCms(fromBase64(e.cms)).content ?? new Uint8Array()),
              now,
            )
          : null;
        await appendEvent(tx, {
          documentId,
          action: step.action.name,
          fromStatus: step.from,
          toStatus: step.to,
          actorUserId: null,
          actorOrgId: null,
          actorIdentity: actor?.identity ?? null,
          actorRole: step.action.by,
          actorName: reports[i]?.name ?? actor?.name ?? null,
          reason: e?.reason ?? null,
          signatureId: signature?.id ?? null,
          signatureHash: signature?.hash ?? null,
          contentHash,
          at: e && 'at' in e && e.at ? new Date(e.at as string) : now,
        });
      }
    } else {
      await appendEvent(tx, {
        documentId,
        action: 'operatorStatus',
        fromStatus: doc.status,
        toStatus: remote.status,
        actorUserId: null,
        actorOrgId: null,
        actorIdentity: null,
        actorRole: null,
        // The operator by its trade name, as the history shows it.
        actorName: providerById(transport.provider)?.name ?? transport.provider,
        reason: null,
        signatureId: null,
        signatureHash: null,
        contentHash,
        at: now,
      });
    }
    const updated: DocumentRow = {
      ...doc,
      status: remote.status,
      version: doc.version + 1,
      cms: joinedCms,
      warnings: withVerdicts(doc.warnings, reports),
      updated_at: now,
    };
    await tx.query(
      'update documents set status = $2, version = $3, cms = $4, warnings = $5, updated_at = $6 where id = $1',
      [
        documentId,
        updated.status,
        updated.version,
        joinedCms,
        updated.warnings == null ? null : JSON.stringify(updated.warnings),
        now,
      ],
    );
    await syncPartyRows(tx, updated, parties, previous as Array<{ identity: string; box: null }>, []);
    // A received document is the caller's copy only: the other parties hold theirs where they work.
    if (doc.source === 'received')
      await tx.query(
        'update document_parties set box = null, awaiting = false where document_id = $1 and identity <> $2',
        [documentId, caller.identity],
      );
    await tx.query(
      `update operator_documents set operator_status = $2, roaming_id = coalesce($3, roaming_id),
         transport_state = case when $4 then 'delivered' else transport_state end, updated_at = now()
       where id = $1`,
      [
        transport.id,
        remote.status,
        remote.roamingId,
        transport.direction === 'out' && counterpartyActed(steps),
      ],
    );
  });
  return true;
}
