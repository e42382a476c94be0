import { LIST_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../engine/constants';
import { getLifecycle, lifecycleKinds, storedStatusesFor } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { readPartyRows } from '../../db/replica';
import { ApiError } from '../../errors';
import { branchScope, documentRightsByKind } from '../access';
import { remembered } from './listCache';
import type { Caller } from './types';

export const DIRECTIONS = ['incoming', 'outgoing', 'drafts', 'deleted'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const PAGE_SIZES = PAGE_SIZE_OPTIONS;

export interface ListFilters {
  direction?: Direction;
  dateFrom?: string;
  dateTo?: string;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  counterparty?: string;
  kind?: string;
  typeId?: number;
  type?: string;
  /** A shown status code (2 "waiting for you" included). */
  status?: number;
  /** A status key (exchange:status.<key>): every kind's statuses of that key, as the caller sees them. */
  statusKey?: string;
  /** Counterparty TIN or name. */
  search?: string;
  /** Document number contains. */
  number?: string;
  /** Only what waits for the caller. */
  awaiting?: boolean;
  page?: number;
  size?: number;
}

export interface ListRow {
  id: string;
  kind: string;
  typeId: number;
  type: string | null;
  number: string | null;
  date: string | null;
  total: string | null;
  status: number;
  viewStatus: number;
  statusKey: string;
  box: string | null;
  binState: string;
  awaiting: boolean;
  myRoles: string[];
  counterparty: { identity: string | null; name: string | null };
  respondBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

/** Kinds whose documents the caller may view (a staff member may be limited to some). */
export async function viewableKinds(db: Db, caller: Caller): Promise<string[]> {
  const kinds = lifecycleKinds();
  const rights = await documentRightsByKind(db, caller.user, kinds);
  return kinds.filter((kind) => rights.get(kind)?.has('view'));
}

const normalized = (text: string) =>
  text
    .trim()
    .toLocaleLowerCase('ru')
    .replace(/[ʻʼ'`‘’]/g, '');
const likePattern = (text: string) => `%${normalized(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The SQL condition and parameters of a list's filters over the caller's party rows (alias p); null
 * when the caller may not view the kind asked for. Exported for tests (the lists are checked against
 * a plain query of the same condition).
 */
export async function whereOf(db: Db, caller: Caller, filters: ListFilters) {
  const params: unknown[] = [caller.identity];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['p.identity = $1'];
  const direction = filters.direction;
  if (direction === 'deleted') where.push(`p.bin_state = 'binned'`);
  else {
    where.push(`p.bin_state = 'active'`);
    if (direction) where.push(`p.box = ${add(direction)}`);
    else where.push('p.box is not null');
  }
  const [kinds, branch] = await Promise.all([viewableKinds(db, caller), branchScope(db, caller.user)]);
  // A member limited to one branch sees the documents of that branch only.
  if (branch !== null) where.push(`coalesce(p.branch, '') = ${add(branch)}`);
  if (filters.kind) {
    if (!kinds.includes(filters.kind)) return null;
    where.push(`p.kind = ${add(filters.kind)}`);
  } else if (kinds.length < lifecycleKinds().length) {
    where.push(`p.kind = any(${add(kinds)})`);
  }
  if (filters.typeId !== undefined) where.push(`p.type_id = ${add(filters.typeId)}`);
  if (filters.type !== undefined && filters.type !== '') where.push(`p.doc_type = ${add(filters.type)}`);
  if (filters.dateFrom) where.push(`p.doc_date >= ${add(filters.dateFrom)}`);
  if (filters.dateTo) where.push(`p.doc_date <= ${add(filters.dateTo)}`);
  if (filters.createdFrom) where.push(`p.created_at >= ${add(filters.createdFrom)}::date`);
  if (filters.createdTo) where.push(`p.created_at < ${add(filters.createdTo)}::date + 1`);
  if (filters.updatedFrom) where.push(`p.updated_at >= ${add(filters.updatedFrom)}::date`);
  if (filters.updatedTo) where.push(`p.updated_at < ${add(filters.updatedTo)}::date + 1`);
  if (filters.counterparty) where.push(`p.counterparty_identity = ${add(filters.counterparty)}`);
  if (filters.status !== undefined) {
    // A shown code: the stored statuses that show it, per kind (2 "waiting for you" = awaited 1, 60, …).
    const candidates = filters.kind ? [filters.kind] : kinds;
    const stored = new Set<number>();
    let isView = false;
    for (const kind of candidates) {
      for (const code of storedStatusesFor(kind, filters.status)) stored.add(code);
      isView ||= getLifecycle(kind).statuses.some((s) => s.code === filters.status && s.view);
    }
    where.push(isView ? `p.view_status = ${add(filters.status)}` : `p.status = ${add(filters.status)}`);
  }
  if (filters.statusKey) {
    // One name, several codes (a waybill's "cancelled" is 120, an invoice's 5): the shown status,
    // which is what the row's statusKey names.
    const codes = new Set<number>();
    for (const kind of filters.kind ? [filters.kind] : kinds)
      for (const s of getLifecycle(kind).statuses) if (s.key === filters.statusKey) codes.add(s.code);
    where.push(`p.view_status = any(${add([...codes].sort((a, b) => a - b))})`);
  }
  if (filters.awaiting) where.push('p.awaiting');
  if (filters.search) where.push(`p.search like ${add(likePattern(filters.search))}`);
  if (filters.number) where.push(`lower(coalesce(p.number, '')) like ${add(likePattern(filters.number))}`);
  // The searched texts long enough for the party's piece index (migration 0032): each is in the
  // row's search text whenever its condition above holds (the search text starts with the number).
  const pieces = [filters.search, filters.number]
    .filter((text): text is string => Boolean(text))
    .map(normalized)
    .filter((text) => [...text].length >= SEARCH_PIECE_LENGTH);
  return { sql: where.join(' and '), params, pieces };
}

/** The length of the pieces of the party search index (party_search_grams, migration 0032). */
const SEARCH_PIECE_LENGTH = 3;
/**
 * The most candidates a search fetches from the party's piece index; beyond, it walks the list index.
 * Measured on the bench set (party of 1,900 rows): ~14 µs a candidate, 1.5–2 ms the walk.
 */
export const SEARCH_CANDIDATES_MAX = 100;

/**
 * The party rows a search can match, from the party's piece index: those whose search text holds
 * every 3-character piece of the searched texts (added to `params`). Null when there is no
 * text long enough: the list index is walked.
 */
function searchCandidates(pieces: string[], params: unknown[]): string | null {
  if (!pieces.length) return null;
  const wanted = pieces
    .map((piece) => {
      params.push(piece);
      return `party_search_grams($1, $${params.length})`;
    })
    .join(' || ');
  return `select s.document_id from document_party_search s
     where party_search_grams(s.identity, s.search) @> (${wanted}) and s.identity = $1`;
}

export function pageOf(filters: ListFilters) {
  const size = filters.size ?? LIST_PAGE_SIZE;
  if (!(PAGE_SIZES as readonly number[]).includes(size))
    throw new ApiError(400, 'BAD_PAGE_SIZE', 'exchange:errors.badPageSize', { sizes: PAGE_SIZES.join(', ') });
  const page = Math.max(1, filters.page ?? 1);
  return { size, page, offset: (page - 1) * size };
}

const respondByOf = (kind: string, awaiting: boolean, sentAt: Date | null) => {
  const days = getLifecycle(kind).respondWithinDays;
  if (!awaiting || !days || !sentAt) return null;
  return new Date(new Date(sentAt).getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

function statusKeyOf(kind: string, code: number) {
  return getLifecycle(kind).statuses.find((s) => s.code === code)?.key ?? String(code);
}

/**
 * Document/getList: the caller's documents, newest change first, with the filters of spec §2.
 * Remembered per party generation (listCache.ts) unless `remember: false` (an export's pages): it
 * reads `document_parties` only, whose every change raises the generation — keep it so.
 */
export async function listDocuments(
  db: Db,
  caller: Caller,
  filters: ListFilters,
  options: { remember?: boolean } = {},
): Promise<{ rows: ListRow[]; totalCount: number }> {
  const { size, offset } = pageOf(filters);
  const where = await whereOf(db, caller, filters);
  if (!where) return { rows: [], totalCount: 0 };
  // The first page's bounds are written out (five sizes: a bounded set of prepared texts): with a
  // parameter there, PostgreSQL's generic plan assumes a tenth of the rows is wanted and never wins,
  // so the statement was planned anew on every execution (0.3–1 ms). Later pages take parameters.
  const params = [...where.params];
  const bound = (value: number) => {
    if (offset === 0) return String(value);
    params.push(value);
    return `$${params.length}`;
  };
  const limit = bound(size);
  const skip = bound(offset);
  // One statement: the count, and the page picked from the list index alone (every filter tests a
  // column it carries, so no table row is read that the page does not show) then read by primary
  // key; the count's row comes back even when the page is empty. A box in order is the index's own
  // order: its page stops after `offset + size` matches. A search (or a list of every box, which
  // must be sorted anyway) matches few of the rows it walks: they are walked once, for both.
  // A search long enough starts from its candidates in the party's piece index (a few rows, where the
  // walk tests every row of the party); the list's conditions decide among them.
  const singleWalk = !filters.direction || Boolean(filters.search) || Boolean(filters.number);
  const candidates = singleWalk ? searchCandidates(where.pieces, params) : null;
  const matching = singleWalk ? 'm' : `document_parties p where ${where.sql}`;
  // Past SEARCH_CANDIDATES_MAX candidates the text is common ("company", "mchj"): fetching each one
  // costs more than the walk (26 ms against 2 for a party of 1,900 rows, all holding it), so the
  // walk answers; PostgreSQL runs one branch (a one-time filter on the capped count).
  const walk = `select p.document_id, p.updated_at from document_parties p where ${where.sql}`;
  const walked = candidates
    ? `with candidate as materialized (${candidates} limit ${SEARCH_CANDIDATES_MAX + 1}),
       m as materialized (
         select p.document_id, p.updated_at from candidate join document_parties p on p.document_id = candidate.document_id
          where (select count(*) from candidate) <= ${SEARCH_CANDIDATES_MAX} and ${where.sql}
         union all
         ${walk} and (select count(*) from candidate) > ${SEARCH_CANDIDATES_MAX}) `
    : `with m as materialized (${walk}) `;
  const sql = `${singleWalk ? walked : ''}
     select c.total_count, r.*
       from (select count(*)::int as total_count from ${matching}) c
       left join (
         select p.document_id, p.kind, p.type_id, p.doc_type, p.number, p.doc_date, p.total_sum, p.status,
           p.view_status, p.box, p.bin_state, p.awaiting, p.roles, p.counterparty_identity, p.counterparty_name,
           p.created_at, p.updated_at, p.sent_at
         from (select ${singleWalk ? 'm' : 'p'}.document_id from ${matching}
               order by updated_at desc, document_id desc limit ${limit} offset ${skip}) page
         join document_parties p on p.document_id = page.document_id and p.identity = $1
       ) r on true
      order by r.updated_at desc, r.document_id desc`;
  const read = async () => {
    const { rows: answered } = await readPartyRows(db, partyOf(caller), (reader) =>
      reader.query<Record<string, any>>(sql, params, { prepare: true }),
    );
    return listAnswerOf(answered);
  };
  return options.remember === false
    ? read()
    : remembered(db, caller.user.partyGeneration, sql, params, read, (answer) => answer.rows.length);
}

/**
 * The caller's party as its session check saw it: the reads of its rows (lists, counts, statistics,
 * exports) may be answered by a read replica that has reached this generation (db/replica.ts).
 */
export const partyOf = (caller: Caller) => ({
  identity: caller.identity,
  generation: caller.user.partyGeneration,
});

export function listAnswerOf(answered: Record<string, any>[]): { rows: ListRow[]; totalCount: number } {
  const rows = answered.filter((row) => row.document_id !== null);
  return {
    totalCount: answered[0]?.total_count ?? 0,
    rows: rows.map((row) => ({
      id: row.document_id,
      kind: row.kind,
      typeId: row.type_id,
      type: row.doc_type,
      number: row.number,
      date: row.doc_date,
      total: row.total_sum,
      status: row.status,
      viewStatus: row.view_status,
      statusKey: statusKeyOf(row.kind, row.view_status),
      box: row.box,
      binState: row.bin_state,
      awaiting: row.awaiting,
      myRoles: row.roles,
      counterparty: { identity: row.counterparty_identity, name: row.counterparty_name },
      respondBy: respondByOf(row.kind, row.awaiting, row.sent_at),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      sentAt: row.sent_at,
    })),
  };
}

/** Document/getCounts: the menu's counts, one grouped scan of the caller's rows. */
export async function countDocuments(db: Db, caller: Caller) {
  // Only the conditions that narrow, as whereOf writes them for the lists: a caller who may view
  // every kind is not tested for the kind of each row (ten comparisons a row), nor one without a
  // branch scope for its branch.
  const params: unknown[] = [caller.identity];
  const conditions = await scopeOf(db, caller, params, '');
  const sql = `select box, bin_state, count(*)::int as total, count(*) filter (where awaiting)::int as awaiting
     from document_parties where identity = $1 and box is not null and bin_state <> 'deleted'${conditions}
     group by box, bin_state`;
  const read = async () => {
    const { rows } = await readPartyRows(db, partyOf(caller), (reader) =>
      reader.query<CountRow>(sql, params, { prepare: true }),
    );
    return countsOf(rows);
  };
  return remembered(db, caller.user.partyGeneration, sql, params, read, () => 1);
}

interface CountRow {
  box: string | null;
  bin_state: string;
  total: number;
  awaiting: number;
}

function countsOf(rows: CountRow[]) {
  const counts = { incoming: 0, incomingAwaiting: 0, outgoing: 0, drafts: 0, deleted: 0 };
  for (const row of rows) {
    if (row.bin_state === 'binned') counts.deleted += row.total;
    else if (row.box === 'incoming') {
      counts.incoming += row.total;
      counts.incomingAwaiting += row.awaiting;
    } else if (row.box === 'outgoing') counts.outgoing += row.total;
    else if (row.box === 'drafts') counts.drafts += row.total;
  }
  return counts;
}

/**
 * What the caller may read of its organisation's documents: the kinds it may view (null: every kind)
 * and its branch (null: every branch). Lists, counts, statistics and notifications apply it alike.
 */
export async function readScope(db: Db, caller: Caller) {
  const [kinds, branch] = await Promise.all([viewableKinds(db, caller), branchScope(db, caller.user)]);
  return { kinds: kinds.length < lifecycleKinds().length ? kinds : null, branch };
}

/**
 * The conditions of the caller's rights over its party rows (columns prefixed by `alias`), as the
 * lists apply them: only the kinds it may view, only its branch when limited to one. Adds their
 * parameters to `params`; '' when nothing narrows.
 */
export async function scopeOf(db: Db, caller: Caller, params: unknown[], alias: string) {
  const { kinds, branch } = await readScope(db, caller);
  let conditions = '';
  if (kinds !== null) {
    params.push(kinds);
    conditions += ` and ${alias}kind = any($${params.length})`;
  }
  if (branch !== null) {
    params.push(branch);
    conditions += ` and coalesce(${alias}branch, '') = $${params.length}`;
  }
  return conditions;
}

/** Document/getDocumentOrgs: the counterparties of the caller's documents, most frequent first. */
export async function documentOrgs(db: Db, caller: Caller, search?: string, limit = 100) {
  const params: unknown[] = [caller.identity];
  let filter = await scopeOf(db, caller, params, '');
  if (search) {
    params.push(likePattern(search));
    filter += ` and (lower(counterparty_name) like $${params.length} or counterparty_identity like $${params.length})`;
  }
  const { rows } = await db.query<{ identity: string; name: string | null; count: number }>(
    `select counterparty_identity as identity, max(counterparty_name) as name, count(*)::int as count
     from document_parties where identity = $1 and counterparty_identity is not null and box is not null
       and bin_state <> 'deleted'${filter}
     group by counterparty_identity order by count(*) desc, counterparty_identity limit ${Math.min(limit, 100)}`,
    params,
  );
  return rows;
}

/** Result codes of approval (spec §4: 3, 5, 13 approved; 9 signed by the agent). */
const APPROVED_RESULTS = new Set([3, 5, 9, 13]);

/**
 * Statuses in which the other side has approved a document: the targets of approving actions; for a
 * kind nobody approves (one-sided), the status sending leads to. A corrected or additional document
 * may refer only to these (the operators refuse one whose original was not accepted).
 */
export function approvedStatuses(kind: string): number[] {
  const lifecycle = getLifecycle(kind);
  const targets = (action: (typeof lifecycle.actions)[number]) =>
    typeof action.to === 'number' ? [action.to] : action.to.map((t) => t.status);
  const approving = lifecycle.actions.filter((a) => APPROVED_RESULTS.has(a.result));
  const chosen = approving.length ? approving : lifecycle.actions.filter((a) => a.sign.shape === 'document');
  const codes = new Set(chosen.flatMap(targets));
  // Only where the document rests: an approval that hands it on (agent → buyer) is not the end.
  return [...codes].filter((code) => !lifecycle.statuses.find((s) => s.code === code)?.awaiting?.length);
}

/**
 * Document/getDocumentsToCorrect: the caller's sent documents of a kind that a corrected or additional
 * document may refer to (signed by both sides, or waiting), with number and counterparty search.
 */
export async function documentsToCorrect(db: Db, caller: Caller, kind: string, search?: string) {
  const params: unknown[] = [caller.identity, kind, approvedStatuses(kind)];
  let filter = await scopeOf(db, caller, params, 'p.');
  if (search) {
    params.push(likePattern(search));
    filter += ` and p.search like $${params.length}`;
  }
  const { rows } = await db.query<Record<string, any>>(
    `select p.document_id, d.national_id, p.number, p.doc_date, p.total_sum, p.status, p.counterparty_identity,
       p.counterparty_name
     from document_parties p join documents d on d.id = p.document_id
     where p.identity = $1 and p.kind = $2 and 'sender' = any(p.roles) and p.bin_state = 'active'
       and p.status = any($3)${filter}
     order by p.doc_date desc nulls last, p.updated_at desc limit 50`,
    params,
  );
  return rows.map((row) => ({
    id: row.document_id,
    nationalId: row.national_id,
    number: row.number,
    date: row.doc_date,
    total: row.total_sum,
    status: row.status,
    counterparty: { identity: row.counterparty_identity, name: row.counterparty_name },
  }));
}
