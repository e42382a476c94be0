import { LIST_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../engine/constants';
import type { DocDirection, ListQuery } from '../../api/documents';

// A document list's state lives in the URL query (spec §2: every filter shareable, Back restores
// it), in short names of our own; `toListQuery` turns it into getList's parameters. A period preset
// stays a preset in the URL ("this month" shared tomorrow is still this month); a custom range keeps
// its dates.

export const PERIODS = ['all', 'today', 'week', 'month', 'lastMonth', 'quarter', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export interface ListFilters {
  period: Period;
  /** Document date range of a custom period (yyyy-MM-dd). */
  from?: string;
  to?: string;
  /** Created-date range (yyyy-MM-dd). */
  createdFrom?: string;
  createdTo?: string;
  /** The counterparty's TIN or PINFL. */
  counterparty?: string;
  kind?: string;
  type?: string;
  /** A status key (every kind's code of it), or a shown code of an older address. */
  status?: string;
  /** Counterparty TIN or name. */
  q?: string;
  /** Document number (contains). */
  number?: string;
}

export interface ListState extends ListFilters {
  page: number;
  size: number;
}

export const FILTER_PARAMS = [
  'period',
  'from',
  'to',
  'createdFrom',
  'createdTo',
  'counterparty',
  'kind',
  'type',
  'status',
  'q',
  'number',
] as const;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const STATUS = /^(\d{1,6}|[A-Za-z][A-Za-z0-9]{0,39})$/;
const isIsoDate = (value: string | null | undefined): value is string =>
  Boolean(value && ISO.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const text = (value: string | null) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** What the URL says; anything malformed is ignored (a hand-edited link still opens the list). */
export function readListUrl(params: URLSearchParams): ListState {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const periodParam = params.get('period') as Period | null;
  const from = params.get('from');
  const to = params.get('to');
  const status = params.get('status');
  let period: Period =
    periodParam && (PERIODS as readonly string[]).includes(periodParam) ? periodParam : 'all';
  // Dates without a period name are a custom range.
  if (!periodParam && (isIsoDate(from) || isIsoDate(to))) period = 'custom';
  const counterparty = text(params.get('counterparty'));
  return {
    period,
    from: period === 'custom' && isIsoDate(from) ? from : undefined,
    to: period === 'custom' && isIsoDate(to) ? to : undefined,
    createdFrom: isIsoDate(params.get('createdFrom')) ? (params.get('createdFrom') as string) : undefined,
    createdTo: isIsoDate(params.get('createdTo')) ? (params.get('createdTo') as string) : undefined,
    counterparty: counterparty && /^(\d{9}|\d{14})$/.test(counterparty) ? counterparty : undefined,
    kind: text(params.get('kind')),
    type: text(params.get('type')),
    status: status !== null && STATUS.test(status) ? status : undefined,
    q: text(params.get('q')),
    number: text(params.get('number')),
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : LIST_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query of a state: defaults left out, so a plain list has a plain address. */
export function writeListUrl(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.period !== 'all') params.set('period', state.period);
  if (state.period === 'custom') {
    if (state.from) params.set('from', state.from);
    if (state.to) params.set('to', state.to);
  }
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set('createdFrom', state.createdFrom);
  set('createdTo', state.createdTo);
  set('counterparty', state.counterparty);
  set('kind', state.kind);
  set('type', state.kind ? state.type : undefined);
  set('status', state.status);
  set('q', state.q);
  set('number', state.number);
  if (state.size !== LIST_PAGE_SIZE) params.set('size', String(state.size));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The document-date range of a period on the given (local) day; null: no date filter. */
export function periodRange(
  period: Period,
  today: Date,
  custom: { from?: string; to?: string } = {},
): { from?: string; to?: string } | null {
  const y = today.getFullYear();
  const m = today.getMonth();
  const day = (year: number, month: number, date: number) => isoOf(new Date(year, month, date));
  switch (period) {
    case 'all':
      return null;
    case 'today':
      return { from: isoOf(today), to: isoOf(today) };
    case 'week':
      return { from: day(y, m, today.getDate() - 6), to: isoOf(today) };
    case 'month':
      return { from: day(y, m, 1), to: isoOf(today) };
    case 'lastMonth':
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
    case 'quarter':
      return { from: day(y, m - (m % 3), 1), to: isoOf(today) };
    case 'year':
      return { from: day(y, 0, 1), to: isoOf(today) };
    case 'custom':
      return custom.from || custom.to ? { from: custom.from, to: custom.to } : null;
  }
}

/** getList's parameters for a list and its URL state. */
export function toListQuery(direction: DocDirection, state: ListState, today = new Date()): ListQuery {
  const range = periodRange(state.period, today, state);
  const query: ListQuery = { DocDirection: direction, Page: state.page, Size: state.size };
  if (range?.from) query.DateFrom = range.from;
  if (range?.to) query.DateTo = range.to;
  if (state.createdFrom) query.CreateDateFrom = state.createdFrom;
  if (state.createdTo) query.CreateDateTo = state.createdTo;
  if (state.counterparty) query.CounterAgentId = state.counterparty;
  if (state.kind) query.DocType = state.kind;
  if (state.kind && state.type) query.Type = state.type;
  if (state.status !== undefined) {
    if (/^\d+$/.test(state.status)) query.Status = Number(state.status);
    else query.StatusKey = state.status;
  }
  if (state.q) query.SearchKeyword = state.q;
  if (state.number) query.DocNumber = state.number;
  return query;
}

/** Whether any filter narrows the list (the "clear filters" button and the empty-state text). */
export function hasFilters(state: ListFilters): boolean {
  return (
    state.period !== 'all' ||
    FILTER_PARAMS.some((key) => key !== 'period' && state[key as keyof ListFilters] !== undefined)
  );
}
