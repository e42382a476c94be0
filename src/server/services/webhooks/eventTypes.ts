// The event types an endpoint may ask for (the settings screen's choice): every `document.<action>`
// the feed writes — the actions of the documents area and of every kind's life cycle, read from the
// kinds' data — and the test event. docs/integrating.md "Event feed".
import { getLifecycle, lifecycleKinds } from '../../../engine/lifecycle';

/** Actions that are not a life cycle's: drafts, imports, the per-party bin, a draft removed for good, the operator bridge. */
const DOCUMENT_AREA_ACTIONS = [
  'create',
  'update',
  'copy',
  'import',
  'bin',
  'restore',
  'delete',
  'remove',
  'operatorStatus',
];
export const TEST_EVENT_TYPE = 'webhook.test';

export interface WebhookEventType {
  type: string;
  action: string;
  /** The kinds whose life cycle has the action (empty: every kind — the documents area's own). */
  kinds: string[];
}

export function webhookEventTypes(): WebhookEventType[] {
  const byAction = new Map<string, Set<string>>();
  for (const kind of lifecycleKinds())
    for (const action of getLifecycle(kind).actions) {
      if (DOCUMENT_AREA_ACTIONS.includes(action.name)) continue;
      byAction.set(action.name, (byAction.get(action.name) ?? new Set()).add(kind));
    }
  return [
    ...DOCUMENT_AREA_ACTIONS.map((action) => ({ type: `document.${action}`, action, kinds: [] })),
    ...[...byAction.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([action, kinds]) => ({ type: `document.${action}`, action, kinds: [...kinds].sort() })),
  ];
}
