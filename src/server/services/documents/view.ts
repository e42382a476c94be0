import {
  type ActedEntry,
  availableActions,
  getLifecycle,
  type Role,
  statusInfo,
} from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { type DocumentRight, documentRights, requireDocumentRight } from '../access';
import { actedInStatus, actedInStatusOf } from './acted';
import { loadVisible, visibleParty } from './rows';
import type { Caller, DocumentRow, PartyRow } from './types';

/** Actions that are the same for every kind and sign nothing. */
export type LocalAction = 'edit' | 'deleteDraft' | 'copy' | 'bin' | 'restore' | 'deleteForever';

export interface ActionView {
  name: string;
  kind: 'sign' | 'local';
  shape?: string;
  reason?: 'none' | 'optional' | 'required';
  result?: number;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The signed actions the caller may take now, filtered by the caller's rights for the kind. */
export async function signedActionsFor(
  db: Db,
  caller: Caller,
  doc: DocumentRow,
  party: PartyRow,
  rights?: Set<DocumentRight>,
  /** The actions already taken in the document's status, when the caller has read them. */
  known?: ActedEntry[],
) {
  if (party.bin_state !== 'active') return [];
  const acted = known ?? (await actedInStatus(db, doc.id, doc.status));
  const granted = rights ?? (await documentRights(db, caller.user, doc.kind));
  return availableActions(doc.kind, {
    status: doc.status,
    roles: party.roles,
    identity: caller.identity,
    acted,
  }).filter((action) => granted.has(action.right));
}

/**
 * The signed actions the document offers the caller's party now that the caller's own rights
 * withhold (a member who joined as staff is a viewer until a role is given), and who can grant them:
 * the organisation's active owners and admins, by name. Null when nothing is withheld.
 */
export async function withheldActions(
  db: Db,
  caller: Caller,
  doc: DocumentRow,
  party: PartyRow,
  known?: ActedEntry[],
): Promise<{ rights: DocumentRight[]; grantors: string[] } | null> {
  if (party.bin_state !== 'active') return null;
  const acted = known ?? (await actedInStatus(db, doc.id, doc.status));
  const granted = await documentRights(db, caller.user, doc.kind);
  const offered = availableActions(doc.kind, {
    status: doc.status,
    roles: party.roles,
    identity: caller.identity,
    acted,
  });
  const rights = [...new Set(offered.filter((a) => !granted.has(a.right)).map((a) => a.right))];
  if (!rights.length) return null;
  const { rows } = await db.query<{ full_name: string }>(
    `select u.full_name from memberships m join users u on u.id = m.user_id
      where m.organization_id = $1 and m.is_active and u.is_active and m.role in ('owner', 'admin')
      order by m.role = 'owner' desc, u.full_name`,
    [caller.user.organizationId],
  );
  return { rights, grantors: rows.map((row) => row.full_name) };
}

export async function actionsFor(
  db: Db,
  caller: Caller,
  doc: DocumentRow,
  party: PartyRow,
  /** The actions already taken in the document's status, when the caller has read them. */
  known?: ActedEntry[],
): Promise<ActionView[]> {
  const rights = await documentRights(db, caller.user, doc.kind);
  const signed = await signedActionsFor(db, caller, doc, party, rights, known);
  const views: ActionView[] = signed.map((action) => ({
    name: action.name,
    kind: 'sign',
    shape: action.sign.shape,
    reason: action.reason ?? 'none',
    result: action.result,
  }));
  const isDraft = doc.status === getLifecycle(doc.kind).initial;
  const isAuthor = doc.owner_org_id === caller.user.organizationId && party.roles.includes('sender');
  const local: LocalAction[] = [];
  if (party.bin_state === 'active') {
    if (isDraft && isAuthor && rights.has('create')) local.push('edit', 'deleteDraft');
    if (party.roles.includes('sender') && rights.has('create')) local.push('copy');
    local.push('bin');
  } else if (party.bin_state === 'binned') {
    local.push('restore', 'deleteForever');
  }
  return [...views, ...local.map((name) => ({ name, kind: 'local' as const }))];
}

/** The columns of a signature the view shows (read by documentView and by run's transaction). */
export const SIGNATURE_VIEW_COLUMNS = `id, action, party_role, party_identity, signer_tin, signer_pinfl, signer_name,
  signer_organization, serial_hex, serial_dec, signed_at, timestamp_at, ip, created_at`;
/** The columns of an event the view shows. */
export const EVENT_VIEW_COLUMNS =
  'seq, action, from_status, to_status, actor_user_id, actor_identity, actor_role, actor_name, reason, at, signature_id';
/** The names of the API keys among a document's actors ($1 the document): user id → key name. */
export const EVENT_API_KEYS_SQL = `select json_object_agg(k.user_id, k.name) as keys from api_keys k
  where k.user_id in (select e.actor_user_id from document_events e where e.document_id = $1)`;

/** What a document's view is made of: its row, its party rows, signatures, events and parties with an account. */
export interface ViewRows {
  doc: DocumentRow;
  parties: PartyRow[];
  /** SIGNATURE_VIEW_COLUMNS, ordered by created_at, id. */
  signatures: Array<Record<string, any>>;
  /** EVENT_VIEW_COLUMNS, ordered by seq. */
  events: Array<Record<string, any>>;
  /** The identities of the parties that have an account here. */
  accounts: string[];
  /** The API keys among the events' actors: their member's user id → the key's name. */
  apiKeys: Record<string, string>;
}

/** Document/getById: everything a screen shows of one document, for this caller. */
export async function documentView(db: Db, caller: Caller, id: string) {
  const { doc, party, parties } = await loadVisible(db, caller, id);
  await requireDocumentRight(db, caller.user, doc.kind, 'view');
  // Independent reads, together: on PostgreSQL each is a round trip of its own (pool connections).
  const [{ rows: signatures }, { rows: events }, { rows: accounts }, { rows: keys }, actions] =
    await Promise.all([
      db.query<Record<string, any>>(
        `select ${SIGNATURE_VIEW_COLUMNS} from document_signatures where document_id = $1 order by created_at, id`,
        [id],
      ),
      db.query<Record<string, any>>(
        `select ${EVENT_VIEW_COLUMNS} from document_events where document_id = $1 order by seq`,
        [id],
      ),
      db.query<{ identity: string }>(
        `select coalesce(tin, pinfl) as identity from organizations where tin = any($1) or pinfl = any($1)`,
        [parties.map((p) => p.identity)],
      ),
      db.query<{ keys: Record<string, string> | string | null }>(EVENT_API_KEYS_SQL, [id]),
      actionsFor(db, caller, doc, party),
    ]);
  const rows = {
    doc,
    parties,
    signatures,
    events,
    accounts: accounts.map((row) => row.identity),
    apiKeys: apiKeysOf(keys[0]?.keys),
  };
  return viewOf(rows, party, actions, await withheldActions(db, caller, doc, party));
}

/**
 * The same view from rows the caller already holds (run's transaction read and wrote them): the same
 * visibility checks and right, no statement of its own. tests/server/documents/runView.test.ts
 * compares it with documentView.
 */
export async function documentViewOf(db: Db, caller: Caller, rows: ViewRows) {
  const party = await visibleParty(db, caller, rows.parties);
  await requireDocumentRight(db, caller.user, rows.doc.kind, 'view');
  const acted = actedInStatusOf(rows.events, rows.doc.status);
  const actions = await actionsFor(db, caller, rows.doc, party, acted);
  return viewOf(rows, party, actions, await withheldActions(db, caller, rows.doc, party, acted));
}

/** The answer of EVENT_API_KEYS_SQL (PGlite may answer its JSON as text). */
export function apiKeysOf(value: unknown): Record<string, string> {
  if (typeof value === 'string') return JSON.parse(value);
  return (value as Record<string, string> | null) ?? {};
}

/** The status shown to a person whose party is awaited but who may not act: not "awaits your signature". */
export const WAITING_YOUR_ORGANIZATION = 'waitingYourOrganization';

function viewOf(
  rows: ViewRows,
  party: PartyRow,
  actions: ActionView[],
  withheld: { rights: DocumentRight[]; grantors: string[] } | null,
) {
  const { doc, parties, signatures, events } = rows;
  const lifecycle = getLifecycle(doc.kind);
  const acted = new Map<string, string[]>();
  for (const event of events) {
    if (!event.signature_id || !event.actor_identity) continue;
    acted.set(event.actor_identity, [...(acted.get(event.actor_identity) ?? []), event.action]);
  }
  // Signatures recorded by an action made on this server (its event names the user): verified before
  // they were recorded.
  const madeHere = new Set(
    events.filter((e) => e.signature_id && e.actor_user_id).map((e) => e.signature_id as string),
  );
  const withAccount = new Set(rows.accounts);
  const status = statusInfo(doc.kind, doc.status);
  const shown = statusInfo(doc.kind, party.view_status);
  const respondBy =
    party.awaiting && lifecycle.respondWithinDays && doc.sent_at
      ? isoDate(new Date(new Date(doc.sent_at).getTime() + lifecycle.respondWithinDays * 86_400_000))
      : null;
  return {
    id: doc.id,
    kind: doc.kind,
    typeId: doc.type_id,
    type: doc.doc_type,
    nationalId: doc.national_id,
    number: doc.number,
    date: doc.doc_date,
    total: doc.total_sum,
    status: doc.status,
    viewStatus: party.view_status,
    statusKey:
      withheld && party.awaiting && !actions.some((a) => a.kind === 'sign')
        ? WAITING_YOUR_ORGANIZATION
        : (shown?.key ?? status?.key ?? String(doc.status)),
    final: status?.final ?? false,
    version: doc.version,
    source: doc.source,
    myRoles: party.roles as Role[],
    box: party.box,
    binState: party.bin_state,
    awaiting: party.awaiting,
    parties: parties.map((p) => ({
      roles: p.roles,
      identity: p.identity,
      name: p.name,
      branch: p.branch,
      hasAccount: withAccount.has(p.identity),
      acted: acted.get(p.identity) ?? [],
    })),
    content: doc.content,
    warnings: doc.warnings ?? null,
    signatures: signatures.map((s) => ({
      id: s.id,
      action: s.action,
      role: s.party_role,
      identity: s.party_identity,
      signerName: s.signer_name,
      organization: s.signer_organization,
      tin: s.signer_tin,
      pinfl: s.signer_pinfl,
      serialHex: s.serial_hex,
      serialDec: s.serial_dec,
      signedAt: s.signed_at,
      timestampAt: s.timestamp_at,
      ip: s.ip,
      ...signatureVerdict(doc, s, madeHere),
    })),
    events: events.map((e) => ({
      seq: e.seq,
      action: e.action,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      actor: {
        identity: e.actor_identity,
        role: e.actor_role,
        name: e.actor_name,
        // Which key of the caller's own organisation acted (a counterparty's keys are its own business).
        apiKey: (e.actor_identity === party.identity && rows.apiKeys[e.actor_user_id]) || null,
      },
      reason: e.reason,
      at: e.at,
      signatureId: e.signature_id,
    })),
    actions,
    withheld,
    respondBy,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
    sentAt: doc.sent_at,
  };
}

/**
 * A signature's verdict on the view. One recorded by an action made here was verified before it was
 * (a received document's own accept included). One that came from elsewhere — a received document's
 * signers, a signature taken from the operator — carries the verdict its verification gave it
 * (`warnings.signers`, by serial): it may be unverifiable here (GOST) or invalid. A received document's
 * signature without a verdict is not called valid; on an own document it is left unsaid.
 */
function signatureVerdict(
  doc: { source: string; warnings: unknown },
  signature: Record<string, any>,
  madeHere: Set<string>,
): { valid?: boolean } {
  if (madeHere.has(signature.id)) return { valid: true };
  const signers = (doc.warnings as { signers?: Array<{ serialHex: string | null; valid: boolean }> } | null)
    ?.signers;
  const verdict = signers?.find((signer) => signer.serialHex === signature.serial_hex)?.valid;
  if (verdict !== undefined) return { valid: verdict === true };
  return doc.source === 'received' ? { valid: false } : {};
}

export type DocumentView = Awaited<ReturnType<typeof documentView>>;
