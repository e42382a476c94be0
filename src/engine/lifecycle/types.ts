// The life cycle of a document kind as declared in schemas/documents/<kind>/lifecycle.json
// (schemas/lifecycle.schema.json; docs/documents-api.md §1).

export type Role =
  | 'sender'
  | 'receiver'
  | 'agent'
  | 'responsible'
  | 'consignee'
  | 'accountant'
  | 'director'
  | 'client'
  | 'supplier';
export type Box = 'incoming' | 'outgoing' | 'drafts';
export type SignShape = 'document' | 'cosign' | 'wrap' | 'object' | 'none';
export type ActionRight = 'send' | 'accept' | 'create';
export type ReasonRule = 'none' | 'optional' | 'required';

export interface PartyDeclaration {
  identity: string;
  name?: string;
  branch?: string;
  optional?: boolean;
  many?: boolean;
  individual?: boolean;
}

export interface StatusDeclaration {
  code: number;
  key: string;
  final?: boolean;
  view?: boolean;
  lists?: Partial<Record<Role | '*', Box>>;
  awaiting?: Role[];
  seenAs?: Partial<Record<Role, number>>;
}

export interface TransitionCondition {
  present?: string;
  absent?: string;
  from?: number[];
}

export type SignedField =
  | { pointer: string }
  | { party: Role }
  | { const: string | number | boolean }
  | { reason: true }
  | { documentId: true };

export interface ActionDeclaration {
  name: string;
  by: Role;
  from: number[];
  to: number | Array<{ status: number; when?: TransitionCondition }>;
  quorum?: 'any' | 'all';
  reason?: ReasonRule;
  right: ActionRight;
  result: number;
  sign: { shape: SignShape; fields?: Record<string, SignedField> };
}

export interface Lifecycle {
  typeId: number;
  didoxCode?: string;
  taxRoles?: { send: number; accept: number };
  document: {
    id?: string;
    idFormat?: 'objectId' | 'uuid';
    /** Ids of the product lists, filled like the national id (FacturaProductId, ActProductId, …). */
    listIds?: string[];
    number: string;
    date: string;
    type?: string;
    total?: string | { sum: string | string[] };
  };
  wrapper?: string;
  respondWithinDays?: number;
  parties: Partial<Record<Role, PartyDeclaration>> & { sender: PartyDeclaration };
  initial: number;
  statuses: StatusDeclaration[];
  actions: ActionDeclaration[];
}

/** A party of one document, read from its content. */
export interface DocumentParty {
  role: Role;
  /** TIN (9 digits) or PINFL (14 digits). */
  identity: string;
  name: string | null;
  branch: string | null;
}

/** An action already taken in the current status (quorum actions of roles with several parties). */
export interface ActedEntry {
  role: Role;
  identity: string;
  action: string;
}

/** The most a reason may hold (spec §5; operators cap comments at 500). */
export const REASON_MAX_LENGTH = 500;
