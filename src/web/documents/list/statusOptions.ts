import { getLifecycle, hasLifecycle, lifecycleKinds } from '../../../engine/lifecycle';
import { listKindSummaries } from '../../../engine/registry';
import type { DocDirection } from '../../api/documents';

/** Options of the status filter: `kind` null for the statuses most kinds share, else that kind's own. */
export interface StatusGroup {
  kind: string | null;
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
 * with one kind chosen, its statuses; else first the statuses at least half of the kinds have, then per
 * kind (menu order) those it adds.
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
  if (kinds.length === 1) return [{ kind: null, keys: keysOf(kinds[0]) }];
  const byKind = new Map(kinds.map((k) => [k, keysOf(k)]));
  const uses = new Map<string, number>();
  for (const keys of byKind.values()) for (const key of keys) uses.set(key, (uses.get(key) ?? 0) + 1);
  const listed = new Set<string>();
  const common = [...new Set([...byKind.values()].flat())].filter(
    (key) => (uses.get(key) ?? 0) * 2 >= kinds.length,
  );
  for (const key of common) listed.add(key);
  const groups: StatusGroup[] = [{ kind: null, keys: common }];
  for (const [k, keys] of byKind) {
    const own = keys.filter((key) => !listed.has(key));
    for (const key of own) listed.add(key);
    if (own.length) groups.push({ kind: k, keys: own });
  }
  return groups.filter((g) => g.keys.length > 0);
}
