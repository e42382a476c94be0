// Every field a settings change records (audit_log detail.changes) is named in ru, uz and en by the
// keys the change history reads its labels from (issue 26: "bankName", "isMain" reached people).
import { expect } from 'vitest';
import { historyFieldKeys } from '../../../src/web/pages/settings/requisite/historyFields';
import type { TestContext } from '../harness';

const LANGS = ['ru', 'uz', 'en'] as const;
const namespaces = new Map<string, unknown>();
async function locale(lang: string, ns: string) {
  const key = `${lang}/${ns}`;
  if (!namespaces.has(key))
    namespaces.set(key, (await import(`../../../locales/${lang}/${ns}.json`)).default);
  return namespaces.get(key);
}

async function exists(lang: string, key: string): Promise<boolean> {
  const [ns, path] = key.split(':');
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      await locale(lang, ns),
    );
  return typeof value === 'string' && value.length > 0;
}

/** Checks the fields of every settings change written so far; returns how many were checked. */
export async function expectHistoryLabels(ctx: TestContext): Promise<number> {
  const { rows } = await ctx.db.query<{ event: string; field: string }>(
    `select distinct event, jsonb_object_keys(detail -> 'changes') as field from audit_log
      where event like 'settings.%' and jsonb_typeof(detail -> 'changes') = 'object'`,
  );
  const missing: string[] = [];
  for (const { event, field } of rows)
    for (const lang of LANGS) {
      let found = false;
      for (const key of historyFieldKeys(event, field)) found ||= await exists(lang, key);
      if (!found) missing.push(`${lang} ${event} ${field}`);
    }
  expect(missing).toEqual([]);
  return rows.length;
}
