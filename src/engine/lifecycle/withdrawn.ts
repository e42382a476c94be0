import { getLifecycle } from './registry';

/** Spec §4 result codes of an action that withdraws a document: 2 cancelled; 4, 6, 14 rejected. */
export const WITHDRAWING_RESULTS: readonly number[] = [2, 4, 6, 14];

/**
 * The final statuses a kind's document reaches when it is cancelled or rejected (read from its
 * lifecycle.json): the document no longer stands, so its number and date may be sent again. A
 * rejection that leaves the document moving (goods on their way back) is not final and not here.
 */
export function withdrawnStatuses(kind: string): number[] {
  const lifecycle = getLifecycle(kind);
  const final = new Set(lifecycle.statuses.filter((s) => s.final).map((s) => s.code));
  const found = new Set<number>();
  for (const action of lifecycle.actions) {
    if (!WITHDRAWING_RESULTS.includes(action.result)) continue;
    const targets = typeof action.to === 'number' ? [action.to] : action.to.map((t) => t.status);
    for (const status of targets) if (final.has(status)) found.add(status);
  }
  return [...found].sort((a, b) => a - b);
}
