import { getLifecycle, hasLifecycle } from '../../engine/lifecycle';

// A status badge's colour, read from the kind's life cycle rather than from status names: the
// initial status is a draft; a view status (2 "waiting for you") asks the user to act; other open
// statuses wait for someone else; a final status is red when the actions that reach it reject
// (spec §4 results 4, 6, 14), grey when they cancel (2), green otherwise.

export type StatusTone = 'draft' | 'action' | 'pending' | 'done' | 'rejected' | 'cancelled' | 'unknown';

const REJECTED_RESULTS = new Set([4, 6, 14]);
const CANCELLED_RESULTS = new Set([2]);

const targets = (to: number | Array<{ status: number }>) =>
  typeof to === 'number' ? [to] : to.map((t) => t.status);

export function statusTone(kind: string, code: number): StatusTone {
  if (!hasLifecycle(kind)) return 'unknown';
  const lifecycle = getLifecycle(kind);
  const status = lifecycle.statuses.find((s) => s.code === code);
  if (!status) return 'unknown';
  if (code === lifecycle.initial) return 'draft';
  if (status.view) return 'action';
  if (!status.final) return 'pending';
  const results = lifecycle.actions.filter((a) => targets(a.to).includes(code)).map((a) => a.result);
  if (results.length && results.every((r) => REJECTED_RESULTS.has(r))) return 'rejected';
  if (results.length && results.every((r) => CANCELLED_RESULTS.has(r))) return 'cancelled';
  return 'done';
}

/** The locale key of a status: `exchange:status.<key>` (docs/documents-api.md §1). */
export function statusKeyOf(kind: string, code: number): string | null {
  if (!hasLifecycle(kind)) return null;
  return getLifecycle(kind).statuses.find((s) => s.code === code)?.key ?? null;
}
