import {
  type ActedEntry,
  type Box,
  boxAfter,
  type DocumentParty,
  getLifecycle,
  isAwaiting,
  type Role,
  viewStatus,
} from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/combine';
import type { DocumentRow, PartyRow } from './types';

/** The columns of a document its party rows are written from (its content and bytes are not read). */
export type PartyRowsDocument = Pick<
  DocumentRow,
  | 'id'
  | 'kind'
  | 'type_id'
  | 'doc_type'
  | 'number'
  | 'doc_date'
  | 'total_sum'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'sent_at'
>;
/** Those columns, for a `returning` clause. */
export const PARTY_ROWS_COLUMNS =
  'id, kind, type_id, doc_type, number, doc_date, total_sum, status, created_at, updated_at, sent_at';

interface Holder {
  identity: string;
  roles: Role[];
  name: string | null;
  branch: string | null;
}

/** One holder per identity (an organisation holding two roles has one list row). */
export function holdersOf(parties: DocumentParty[]): Holder[] {
  const byIdentity = new Map<string, Holder>();
  for (const party of parties) {
    if (!party.identity) continue;
    const holder = byIdentity.get(party.identity);
    if (holder) holder.roles.push(party.role);
    else
      byIdentity.set(party.identity, {
        identity: party.identity,
        roles: [party.role],
        name: party.name,
        branch: party.branch,
      });
  }
  return [...byIdentity.values()];
}

/**
 * The party a holder deals with: the sender for everyone else; for the sender, the first other
 * organisation in declaration order (the buyer, the consignee, the supplier), else the first person.
 */
export function counterpartyOf(kind: string, holder: Holder, parties: DocumentParty[]): DocumentParty | null {
  if (!holder.roles.includes('sender')) return parties.find((p) => p.role === 'sender' && p.identity) ?? null;
  const declared = getLifecycle(kind).parties;
  const others = parties.filter((p) => p.identity && p.identity !== holder.identity);
  return others.find((p) => !declared[p.role]?.individual) ?? others[0] ?? null;
}

/**
 * The list index carries a party row's number and search text (migration 0073), and a B-tree entry
 * may not exceed about 2,700 bytes: these copies are capped (400 + 100 characters, at most 2,000
 * bytes even in 4-byte characters) so that no name, however long, can make a document unsavable.
 * The document keeps its own number whole.
 */
export const SEARCH_TEXT_MAX = 400;
export const LISTED_NUMBER_MAX = 100;

const searchText = (...parts: Array<string | null | undefined>) =>
  [
    ...parts
      .filter(Boolean)
      .join(' ')
      .toLocaleLowerCase('ru')
      .replace(/[ʻʼ'`‘’]/g, ''),
  ]
    .slice(0, SEARCH_TEXT_MAX)
    .join('');

const listedNumber = (number: string | null) =>
  number === null ? null : [...number].slice(0, LISTED_NUMBER_MAX).join('');

/** The columns of a party row the documents service reads (loadPartyRows, a transition's RETURNING). */
export const PARTY_ROW_COLUMNS =
  'document_id, identity, roles, name, branch, box, bin_state, binned_at, awaiting, view_status';

/**
 * The statements that write the party rows of a document for its current state: each holder's box
 * (kept from before when the status does not name its role), whether the status waits for it, the
 * code it is shown, and the list columns — every holder's row in one upsert (null when the document
 * has no holder); and one delete per row of an identity that is no longer a party (a draft edited).
 */
export function partyRowsWrites(
  doc: PartyRowsDocument,
  parties: DocumentParty[],
  /** The rows before (only which identities have one, and their box, are read). */
  previous: Array<Pick<PartyRow, 'identity' | 'box'>>,
  acted: ActedEntry[] = [],
  /**
   * The one identity that holds this copy (a received document: the other parties hold theirs where
   * they work): every other party's row is written without a box.
   */
  onlyHolder: string | null = null,
): { upsert: Statement | null; gone: Statement[] } {
  const holders = holdersOf(parties);
  const before = new Map(previous.map((row) => [row.identity, row]));
  const values = holders.map((holder) => {
    const earlier = before.get(holder.identity);
    let box: Box | null = null;
    for (const role of onlyHolder === null || onlyHolder === holder.identity ? holder.roles : []) {
      box = boxAfter(doc.kind, doc.status, role, earlier?.box ?? null);
      if (box) break;
    }
    const state = { status: doc.status, roles: holder.roles, identity: holder.identity, acted };
    const counterparty = counterpartyOf(doc.kind, holder, parties);
    return [
      doc.id,
      holder.identity,
      holder.roles,
      holder.name,
      holder.branch,
      box,
      box !== null && isAwaiting(doc.kind, state),
      doc.kind,
      doc.type_id,
      doc.doc_type,
      listedNumber(doc.number),
      doc.doc_date,
      doc.total_sum,
      doc.status,
      viewStatus(doc.kind, state),
      counterparty?.identity ?? null,
      counterparty?.name ?? null,
      searchText(doc.number, counterparty?.identity, counterparty?.name),
      doc.created_at,
      doc.updated_at,
      doc.sent_at,
    ];
  });
  let upsert: Statement | null = null;
  if (values.length) {
    // Every holder's row in one statement (one round trip, whatever the number of parties).
    const width = values[0].length;
    const tuples = values.map(
      (_, row) =>
        `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`,
    );
    upsert = {
      sql: `insert into document_parties (document_id, identity, roles, name, branch, box, awaiting, kind, type_id, doc_type,
         number, doc_date, total_sum, status, view_status, counterparty_identity, counterparty_name, search,
         created_at, updated_at, sent_at)
       values ${tuples.join(', ')}
       on conflict (document_id, identity) do update set
         roles = excluded.roles, name = excluded.name, branch = excluded.branch, box = excluded.box,
         awaiting = excluded.awaiting, kind = excluded.kind, type_id = excluded.type_id, doc_type = excluded.doc_type,
         number = excluded.number, doc_date = excluded.doc_date, total_sum = excluded.total_sum,
         status = excluded.status, view_status = excluded.view_status,
         counterparty_identity = excluded.counterparty_identity, counterparty_name = excluded.counterparty_name,
         search = excluded.search, updated_at = excluded.updated_at, sent_at = excluded.sent_at`,
      params: values.flat(),
    };
  }
  const gone = previous
    .filter((row) => !holders.some((holder) => holder.identity === row.identity))
    .map((row) => ({
      sql: 'delete from document_parties where document_id = $1 and identity = $2',
      params: [doc.id, row.identity],
    }));
  return { upsert, gone };
}

/**
 * Writes the party rows of a document for its current state (partyRowsWrites). Call it inside the
 * transaction that changed the document.
 */
export async function syncPartyRows(
  tx: Db,
  doc: PartyRowsDocument,
  parties: DocumentParty[],
  /** The rows before (only which identities have one, and their box, are read). */
  previous: Array<Pick<PartyRow, 'identity' | 'box'>>,
  acted: ActedEntry[] = [],
): Promise<void> {
  const { upsert, gone } = partyRowsWrites(doc, parties, previous, acted);
  if (upsert) await tx.query(upsert.sql, upsert.params);
  for (const statement of gone) await tx.query(statement.sql, statement.params);
}

export { searchText };
