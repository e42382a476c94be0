// Every action a document's history records is named in ru, uz and en by the keys HistoryTimeline reads
// (workspace:events.<action>, else workspace:actions.<action>): "import" and "operatorStatus", written
// by the receiving path and the operator sync, once reached people as the bare word.
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/client';

const LANGS = ['ru', 'uz', 'en'] as const;

async function labels(lang: string): Promise<Set<string>> {
  const workspace = (await import(`../../../locales/${lang}/workspace.json`)).default as Record<
    string,
    Record<string, unknown>
  >;
  const named = (group: string) =>
    Object.entries(workspace[group] ?? {})
      .filter(([, text]) => typeof text === 'string' && text.length > 0)
      .map(([action]) => action);
  return new Set([...named('events'), ...named('actions')]);
}

/** Checks the actions of every document event written so far; answers them. */
export async function expectEventLabels(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>(
    'select distinct action from document_events order by 1',
  );
  const actions = rows.map((r) => r.action);
  for (const lang of LANGS) {
    const known = await labels(lang);
    expect(
      actions.filter((action) => !known.has(action)),
      `${lang}: history actions without a label`,
    ).toEqual([]);
  }
  return actions;
}
