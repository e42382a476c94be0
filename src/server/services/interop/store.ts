import { randomUUID } from 'node:crypto';
import { encodeCms, parseCms, splitSigners, toBase64 } from '../../../engine/cms';
import { type DocumentParty, documentSummary, getLifecycle } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { combineStatements, SharedParam, type Statement } from '../../db/combine';
import { type ChainHead, eventStatement, sha256Hex } from '../documents/chain';
import { type PartyRowsDocument, partyRowsWrites } from '../documents/partyRows';
import { serialForms, timestampTokenBase64 } from '../documents/signatures';
import type { Caller } from '../documents/types';
import type { ReceivedRecord } from './received';
import type { SignerReport } from './signers';
import type { ReceivedStep } from './status';

/** What Hujjat found reading a received document, kept with it (documents.warnings) for every screen. */
export interface ReceiptFindings {
  recognized: boolean;
  /** The receipt profile's rule findings (validators' shape: instancePath, keyword, params). */
  profile: Array<{ instancePath: string; keyword: string; params: Record<string, unknown> }>;
  /** Fields the kind does not know, kept: their path in the received document and value. */
  extensions: Array<{ path: string; value: unknown }>;
  signers: SignerReport[];
  /** Signatures could not be verified at all (no verifier reachable). */
  unverified: boolean;
}

export interface ReceivedDocumentInput {
  kind: string;
  record: ReceivedRecord;
  /** sha256Hex of `record.bytes` (the caller has it: it looked for the same document held already). */
  contentHash: string;
  /** The receipt profile's canonical view ({} for a document of an unknown shape). */
  content: Record<string, unknown>;
  parties: DocumentParty[];
  findings: ReceiptFindings;
  status: number;
  steps: ReceivedStep[];
  acted: Array<{ role: DocumentParty['role']; identity: string; action: string }>;
}

/**
 * Stores a document made elsewhere (docs/interop.md): the exact signed bytes as the document of
 * record, the joined CMS, one signature row per signer (each with a CMS of its own that verifies
 * alone), the steps its signatures stand for and the receipt as events of its hash chain, and party
 * rows — visible to the caller only: the other parties hold their own copies where they work.
 *
 * Everything is one statement (`alsoWrite`'s statements, given the new document's id, with it): a
 * new document's ids are made here and its chain starts here, so nothing has to be read back, and a
 * single statement is atomic on its own — one round trip where the writes one by one took twelve
 * (bench:sync, issue 28). `write`, when given, writes the statements instead (the sync's batch writer,
 * which may write them with other documents'). Answers the new document's id.
 */
export async function storeReceivedDocument(
  db: Db,
  caller: Caller,
  input: ReceivedDocumentInput,
  now: Date,
  alsoWrite: (documentId: string) => Statement[] = () => [],
  write?: (statements: Statement[]) => Promise<void>,
): Promise<string> {
  const { kind, record, content, parties, findings } = input;
  const lifecycle = getLifecycle(kind);
  const summary = findings.recognized
    ? documentSummary(kind, content)
    : { nationalId: null, number: null, date: null, type: null, total: null };
  const { contentHash } = input;
  // The joined CMS goes to the document and, when it has one signer, to that signer's row as well:
  // one parameter sent and bound once.
  const joinedCms = new SharedParam(record.cms);
  const sentAt = input.steps.length ? (signingTimeOf(findings, input.steps[0].signer) ?? now) : now;
  const doc: PartyRowsDocument = {
    id: randomUUID(),
    kind,
    type_id: lifecycle.typeId,
    doc_type: summary.type,
    number: summary.number,
    doc_date: summary.date,
    total_sum: summary.total,
    status: input.status,
    created_at: now,
    updated_at: now,
    sent_at: sentAt,
  };
  const statements: Statement[] = [
    {
      sql: `insert into documents (id, kind, type_id, doc_type, national_id, number, doc_date, total_sum, status,
         source, owner_org_id, content, signed_bytes, content_hash, cms, warnings, created_by, updated_by, created_at,
         updated_at, sent_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'received', null, $10, $11, $12, $13, $14, $15, $15, $16, $16, $17)`,
      params: [
        doc.id,
        kind,
        doc.type_id,
        doc.doc_type,
        summary.nationalId,
        doc.number,
        doc.doc_date,
        doc.total_sum,
        doc.status,
        JSON.stringify(content),
        Buffer.from(record.bytes),
        contentHash,
        joinedCms,
        JSON.stringify(findings),
        caller.user.userId,
        now,
        sentAt,
      ],
    },
  ];

  // One signature row per signer whose certificate could be read, each with its own CMS.
  // A CMS of one signer is that signer's own as it came (re-encoding it gave the same, at a cost).
  const parts =
    record.signers === 1
      ? [{ der: record.der, cms: record.cms }]
      : splitSigners(record.signedData ?? parseCms(record.der).signedData).map((part) => {
          const der = encodeCms(part);
          return { der, cms: toBase64(der) };
        });
  const signatureIds = new Map<number, { id: string; hash: string }>();
  for (const signer of findings.signers) {
    const part = parts[signer.index];
    if (!signer.serialHex || !part) continue;
    const { cms } = part;
    const step = input.steps.find((s) => s.signer === signer.index);
    const serial = serialForms(signer.serialHex);
    const signature = { id: randomUUID(), hash: sha256Hex(cms) };
    statements.push({
      sql: `insert into document_signatures (id, document_id, action, party_role, party_identity, signer_tin,
         signer_pinfl, signer_name, signer_organization, serial_hex, serial_dec, signed_at, timestamp_at,
         timestamp_token, cms, cms_hash, bytes_hash, ip, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, null, $18)`,
      params: [
        signature.id,
        doc.id,
        step?.action ?? 'import',
        signer.role ?? step?.role ?? 'signer',
        signer.identity ?? signer.tin ?? signer.pinfl ?? '',
        signer.tin,
        signer.pinfl,
        signer.name,
        signer.organization,
        serial.hex,
        serial.dec,
        signer.signedAt,
        signer.timestampAt,
        timestampTokenBase64(part.der),
        cms === record.cms ? joinedCms : cms,
        signature.hash,
        contentHash,
        // Recorded in the CMS's order (lists order signatures by when they were recorded).
        new Date(now.getTime() + signer.index),
      ],
    });
    signatureIds.set(signer.index, signature);
  }

  // The new document's chain, from its start.
  let head: ChainHead | null = null;
  const append = (event: Parameters<typeof eventStatement>[0]) => {
    const statement = eventStatement(event, head);
    statements.push(statement);
    head = { seq: statement.event.seq, hash: statement.event.hash };
  };
  for (const step of input.steps) {
    const signature = signatureIds.get(step.signer);
    const signer = findings.signers[step.signer];
    append({
      documentId: doc.id,
      action: step.action,
      fromStatus: step.fromStatus,
      toStatus: step.toStatus,
      actorUserId: null,
      actorOrgId: null,
      actorIdentity: step.identity,
      actorRole: step.role,
      actorName: signer?.name ?? null,
      reason: null,
      signatureId: signature?.id ?? null,
      signatureHash: signature?.hash ?? null,
      contentHash,
      at: signingTimeOf(findings, step.signer) ?? now,
    });
  }
  const callerRoles = parties.filter((p) => p.identity === caller.identity).map((p) => p.role);
  append({
    documentId: doc.id,
    action: 'import',
    fromStatus: input.status,
    toStatus: input.status,
    actorUserId: caller.user.userId,
    actorOrgId: caller.user.organizationId,
    actorIdentity: caller.identity,
    actorRole: callerRoles[0] ?? null,
    actorName: null,
    reason: null,
    signatureId: null,
    signatureHash: null,
    contentHash,
    at: now,
  });

  // A received document is the caller's copy only: the other parties hold theirs where they work.
  const { upsert } = partyRowsWrites(doc, parties, [], input.acted, caller.identity);
  if (upsert) statements.push(upsert);
  statements.push(...alsoWrite(doc.id));
  if (write) {
    await write(statements);
    return doc.id;
  }
  const combined = combineStatements(statements);
  // Prepared: a handful of texts (by the number of signers, steps and parties), each parsed and
  // planned once per connection instead of with every document.
  await db.query(combined.sql, combined.params, { prepare: true });
  return doc.id;
}

function signingTimeOf(findings: ReceiptFindings, index: number): Date | null {
  const at = findings.signers[index]?.signedAt;
  return at ? new Date(at) : null;
}
