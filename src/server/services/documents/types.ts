import type { Locale } from '../../../engine/constants';
import type { ActedEntry, DocumentParty, Role } from '../../../engine/lifecycle';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/combine';

/** Who calls: the signed-in user acting for an organisation, with the request's language and address. */
export interface Caller {
  user: AuthUser;
  /** The organisation's TIN or PINFL: the identity its party rows carry. */
  identity: string;
  lang: Locale;
  ip?: string | null;
  host?: string;
}

export interface DocumentRow {
  id: string;
  kind: string;
  type_id: number;
  doc_type: string | null;
  national_id: string | null;
  number: string | null;
  doc_date: string | null;
  total_sum: string | null;
  status: number;
  version: number;
  source: 'created' | 'received';
  owner_org_id: string | null;
  content: Record<string, unknown>;
  signed_bytes: Uint8Array | null;
  content_hash: string;
  cms: string | null;
  warnings: unknown;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

export interface PartyRow {
  document_id: string;
  identity: string;
  roles: Role[];
  name: string | null;
  branch: string | null;
  box: 'incoming' | 'outgoing' | 'drafts' | null;
  bin_state: 'active' | 'binned' | 'deleted';
  binned_at: Date | null;
  awaiting: boolean;
  view_status: number;
}

/** What a transition listener (statistics, notifications) is told, inside the transition's transaction. */
export interface TransitionEvent {
  documentId: string;
  kind: string;
  /** The document's number (notifications name it). */
  number: string | null;
  action: string;
  fromStatus: number | null;
  /** Equal to fromStatus when the action was recorded without a transition (a quorum not complete). */
  toStatus: number;
  parties: DocumentParty[];
  actor: { userId: string; organizationId: string; identity: string; role: Role | null };
  reason: string | null;
  total: string | null;
  at: Date;
}

/** Runs inside the transition's transaction, after its writes. */
export type TransitionListener = (tx: Db, event: TransitionEvent) => Promise<void>;

/**
 * A listener that only writes (no statement reads another's rows): its statements are sent with the
 * transition's own writes, in the same statement (no round trip of its own). It must not refuse.
 */
export interface TransitionWrites {
  writes(event: TransitionEvent): Statement[];
}

export type { ActedEntry };

/**
 * Asked before a signed action is prepared (getModelSign and run), after the content passed its rules:
 * throws (an ApiError) to refuse. The pre-sign checks (services/checks) register one.
 */
export type ActionGate = (input: {
  caller: Caller;
  kind: string;
  action: string;
  content: Record<string, unknown>;
  documentId: string;
  now: Date;
}) => Promise<void>;

/**
 * The id a signed object names (a lifecycle field `{"documentId": true}`: an act's cancel) when it is
 * not Hujjat's own: a document that travels through an exchange operator names the operator's id, as
 * the operator asks it to be signed (services/operators/sync registers one). Null: not this resolver's;
 * throws (an ApiError) when the id is not known yet.
 */
export type SignedIdResolver = (db: Db, caller: Caller, documentId: string) => Promise<string | null>;

/** What every documents function works with (built once per app by createDocumentsService). */
export interface DocumentsContext {
  db: Db;
  now: () => Date;
  listeners: Array<TransitionListener | TransitionWrites>;
  gates?: ActionGate[];
  signedIds?: SignedIdResolver[];
}
