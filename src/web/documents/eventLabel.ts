import type { TFunction } from 'i18next';

/**
 * What a document event's action is called (the history, the webhooks screen): the event's own name
 * (workspace:events), else the action's (workspace:actions). tests/server/documents/eventLabels.ts and
 * webhookTypeLabels.test.ts check that every action written or offered has one in ru, uz and en.
 */
export function eventLabel(t: TFunction, action: string): string {
  return t(`workspace:events.${action}`, {
    defaultValue: t(`workspace:actions.${action}`, { defaultValue: action }),
  });
}
