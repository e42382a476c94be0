import { getLifecycle, hasLifecycle, lifecycleKinds } from '../../../engine/lifecycle';
import { listKindSummaries } from '../../../engine/registry';
import type { DocDirection } from '../../api/documents';

/**
 * Options of the status filter: `kinds` empty for the statuses most kinds share, else the kinds (menu
 * order) that alone have these statuses — a waybill's ladder shared with the hybrid invoice is one
 * group of both.
 */
export interface StatusGroup {
  kinds: string[];
  /** Status keys (exchange:status.<key>): the filter asks getList by key, so one entry covers every kind's code. */
  keys: string[];
}

/** Whether a list shows a status of a kind: drafts only in drafts, "waiting for you" only to the receiver. */
function shownIn(direction: DocDirection, kind: string, status: { code: number; view?: boolean }) {
  const isDraft = status.code === getLifecycle(kind).initial;
  if (direction === 'drafts') return isDraft;
  if (isDraft && direction !== 'deleted') return false;
  return !status.view || direction === 'incoming' || direction === 'deleted';
}

/**
 * The statuses a list may be filtered by, each once (kinds repeat "Отменён" under their own codes):
 * with one kind chosen, its statuses; else first the statuses at least half of the kinds have, then
 * the others grouped by the kinds that have them.
 */
export function statusGroups(direction: DocDirection, kind: string | undefined): StatusGroup[] {
  const ordered = listKindSummaries('documents')
    .map((k) => k.kind)
    .filter(hasLifecycle);
  const kinds = kind && hasLifecycle(kind) ? [kind] : [...new Set([...ordered, ...lifecycleKinds()])];
  const keysOf = (k: string) => [
    ...new Set(
      getLifecycle(k)
        .statuses.filter((s) => shownIn(direction, k, s))
        .sort((a, b) => a.code - b.code)
        .map((s) => s.key),
    ),
  ];
  if (kinds.length === 1) return [{ kinds: [], keys: keysOf(kinds[0]) }];
  const byKind = new Map(kinds.map((k) => [k, keysOf(k)]));
  const uses = new Map<string, number>();
  for (const keys of byKind.values()) for (const key of keys) uses.set(key, (uses.get(key) ?? 0) + 1);
  const all = [...new Set([...byKind.values()].flat())];
  const common = all.filter((key) => (uses.get(key) ?? 0) * 2 >= kinds.length);
  const groups = new Map<string, StatusGroup>();
  for (const key of all) {
    if (common.includes(key)) continue;
    const having = kinds.filter((k) => byKind.get(k)?.includes(key));
    const id = having.join(',');
    const group = groups.get(id) ?? { kinds: having, keys: [] };
    group.keys.push(key);
    groups.set(id, group);
  }
  return [{ kinds: [], keys: common }, ...groups.values()].filter((g) => g.keys.length > 0);
}
