// Statistics/getList: counts and sums by direction, kind, status and month, the top counterparties,
// and what waits for the caller — from the counters kept by migration 0062's trigger, never by
// scanning documents. Sums are exact decimal strings.
import Decimal from 'decimal.js';
import { statusInfo } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { readPartyRows } from '../../db/replica';

export interface StatisticsQuery {
  /** yyyy-MM-dd; the counters are monthly, so the period is taken by whole months of the document date. */
  dateFrom: string;
  dateTo: string;
}

export interface Bucket {
  count: number;
  sum: string;
}

export interface Statistics {
  period: { monthFrom: string; monthTo: string };
  totals: Record<'incoming' | 'outgoing' | 'drafts', Bucket>;
  byKind: (Bucket & { kind: string; direction: string })[];
  byStatus: (Bucket & { direction: string; status: string })[];
  byMonth: (Bucket & { month: string; direction: string })[];
  topCounterparties: (Bucket & { identity: string; name: string | null })[];
  waitingForYou: number;
}

interface CounterRow {
  month: string;
  box: 'incoming' | 'outgoing' | 'drafts';
  kind: string;
  status: number;
  counterparty_identity: string;
  counterparty_name: string | null;
  documents: number;
  total: string;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

function add(map: Map<string, { count: number; sum: Decimal }>, key: string, row: CounterRow) {
  const b = map.get(key) ?? { count: 0, sum: new Decimal(0) };
  b.count += row.documents;
  b.sum = b.sum.plus(row.total);
  map.set(key, b);
}

const bucket = (b: { count: number; sum: Decimal } | undefined): Bucket => ({
  count: b?.count ?? 0,
  sum: (b?.sum ?? new Decimal(0)).toFixed(2),
});

/** The status a counter holds → its key (waitingYou, signed, …), the same for every kind. */
function statusKey(kind: string, code: number): string {
  try {
    return statusInfo(kind, code)?.key ?? String(code);
  } catch {
    return String(code);
  }
}

interface GroupRow {
  g: number;
  box: 'incoming' | 'outgoing' | 'drafts';
  kind: string | null;
  status: number | null;
  month: string | null;
  counterparty_identity: string | null;
  counterparty_name: string | null;
  documents: number;
  total: string;
}

/** What the caller may count, as the lists apply it: kinds it may view (null: all), its branch (null: all). */
export interface StatisticsScope {
  kinds: string[] | null;
  branch: string | null;
}

const TOP_COUNTERPARTIES = 10;

/**
 * One query over the caller's counter rows of the period, grouped by the database four ways at once
 * (GROUPING SETS): by direction and kind, by kind and status, by month, by counterparty. With the
 * party's `generation` (the request's session check), a read replica that has reached it may answer
 * (db/replica.ts: the counters change with the party rows, in the same transaction).
 */
export async function getStatistics(
  db: Db,
  identity: string,
  q: StatisticsQuery,
  scope: StatisticsScope = { kinds: null, branch: null },
  generation?: string,
): Promise<Statistics> {
  return readPartyRows(db, { identity, generation }, (reader) => readStatistics(reader, identity, q, scope));
}

async function readStatistics(
  db: Db,
  identity: string,
  q: StatisticsQuery,
  scope: StatisticsScope,
): Promise<Statistics> {
  const from = monthStart(q.dateFrom);
  const to = monthStart(q.dateTo);
  const params: unknown[] = [identity, from, to];
  const waitingParams: unknown[] = [identity];
  let kindOnly = '';
  let waitingScope = '';
  if (scope.kinds) {
    params.push(scope.kinds);
    waitingParams.push(scope.kinds);
    kindOnly = ` and kind = any($${params.length})`;
    waitingScope += ` and kind = any($${waitingParams.length})`;
  }
  // The counters hold no branch: a member limited to one counts its branch's party rows themselves
  // (what rebuildStatistics sums), a few hundred rows where the counters are a few dozen.
  let source = 'statistics_counters';
  if (scope.branch !== null) {
    params.push(scope.branch);
    waitingParams.push(scope.branch);
    waitingScope += ` and coalesce(branch, '') = $${waitingParams.length}`;
    source = `(select identity, date_trunc('month', coalesce(doc_date, created_at::date))::date as month, box, kind,
        view_status as status, coalesce(counterparty_identity, '') as counterparty_identity, counterparty_name,
        1 as documents, coalesce(total_sum, 0) as total
      from document_parties
      where identity = $1 and box is not null and bin_state <> 'deleted'
        and coalesce(branch, '') = $${params.length}) c`;
  }
  const [{ rows }, waiting] = await Promise.all([
    db.query<GroupRow>(
      `select grouping(kind, status, month, counterparty_identity)::int as g, box, kind, status,
              to_char(month, 'YYYY-MM') as month, counterparty_identity, max(counterparty_name) as counterparty_name,
              sum(documents)::int as documents, sum(total)::text as total
       from ${source}
       where identity = $1 and month between $2::date and $3::date${kindOnly}
       group by grouping sets ((box, kind, status), (box, month), (box, counterparty_identity))
       having sum(documents) <> 0`,
      params,
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from document_parties where identity = $1 and awaiting and bin_state = 'active'${waitingScope}`,
      waitingParams,
    ),
  ]);
  const topN = TOP_COUNTERPARTIES;
  const totals = new Map<string, { count: number; sum: Decimal }>();
  const kinds = new Map<string, { count: number; sum: Decimal }>();
  const statuses = new Map<string, { count: number; sum: Decimal }>();
  const months = new Map<string, { count: number; sum: Decimal }>();
  const partners = new Map<string, { count: number; sum: Decimal }>();
  const names = new Map<string, string | null>();
  for (const row of rows) {
    const counted = { documents: row.documents, total: row.total } as CounterRow;
    if (row.kind !== null && row.status !== null) {
      add(totals, row.box, counted);
      add(kinds, `${row.box}\u0000${row.kind}`, counted);
      add(statuses, `${row.box}\u0000${statusKey(row.kind, row.status)}`, counted);
    } else if (row.month !== null) {
      add(months, `${row.box}\u0000${row.month}`, counted);
    } else if (row.box !== 'drafts' && row.counterparty_identity) {
      add(partners, row.counterparty_identity, counted);
      if (row.counterparty_name) names.set(row.counterparty_identity, row.counterparty_name);
    }
  }
  const split = (key: string) => key.split('\u0000');
  return {
    period: { monthFrom: from.slice(0, 7), monthTo: to.slice(0, 7) },
    totals: {
      incoming: bucket(totals.get('incoming')),
      outgoing: bucket(totals.get('outgoing')),
      drafts: bucket(totals.get('drafts')),
    },
    byKind: [...kinds]
      .map(([k, b]) => ({ direction: split(k)[0], kind: split(k)[1], ...bucket(b) }))
      .sort((a, b) => b.count - a.count),
    byStatus: [...statuses]
      .map(([k, b]) => ({ direction: split(k)[0], status: split(k)[1], ...bucket(b) }))
      .sort((a, b) => b.count - a.count),
    byMonth: [...months]
      .map(([k, b]) => ({ direction: split(k)[0], month: split(k)[1], ...bucket(b) }))
      .sort((a, b) => a.month.localeCompare(b.month) || a.direction.localeCompare(b.direction)),
    topCounterparties: [...partners]
      .sort((a, b) => b[1].sum.cmp(a[1].sum) || b[1].count - a[1].count)
      .slice(0, topN)
      .map(([id, b]) => ({ identity: id, name: names.get(id) ?? null, ...bucket(b) })),
    waitingForYou: waiting.rows[0].n,
  };
}

/** Recounts every counter from the party rows, as migration 0090's trigger keeps them (a check). */
export async function rebuildStatistics(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from statistics_counters');
    await tx.query(`insert into statistics_counters
        (identity, month, box, kind, status, counterparty_identity, counterparty_name, documents, total)
      select identity, date_trunc('month', coalesce(doc_date, created_at::date))::date, box, kind, view_status,
             coalesce(counterparty_identity, ''), max(counterparty_name), count(*), coalesce(sum(total_sum), 0)
      from document_parties where box is not null and bin_state <> 'deleted' group by 1, 2, 3, 4, 5, 6`);
  });
}
