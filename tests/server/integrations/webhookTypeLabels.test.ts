// Every event type the webhooks screen offers is named in ru, uz and en by the keys it reads
// (workspace:events.<action>, else workspace:actions.<action>): "import", "operatorStatus" and
// "remove" were offered as the bare words. Read from webhookEventTypes(), so a new kind's or area's
// action is checked without new test code.
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/workspace.json';
import ru from '../../../locales/ru/workspace.json';
import uz from '../../../locales/uz/workspace.json';
import { TEST_EVENT_TYPE, webhookEventTypes } from '../../../src/server/services/webhooks/eventTypes';

const LOCALES = { ru, uz, en } as unknown as Record<
  string,
  Record<string, Record<string, unknown> | undefined>
>;

describe('webhook event types', () => {
  it('names every document action in ru, uz and en', () => {
    const actions = webhookEventTypes()
      .filter((type) => type.type !== TEST_EVENT_TYPE)
      .map((type) => type.action);
    expect(actions).toEqual(
      expect.arrayContaining(['create', 'import', 'operatorStatus', 'remove', 'accept']),
    );
    for (const [lang, workspace] of Object.entries(LOCALES)) {
      const named = (action: string) =>
        [workspace.events?.[action], workspace.actions?.[action]].some(
          (text) => typeof text === 'string' && text,
        );
      expect(
        actions.filter((action) => !named(action)),
        `${lang}: webhook actions without a label`,
      ).toEqual([]);
    }
  });
});
