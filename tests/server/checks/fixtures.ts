// The rule files' own fixtures turned into documents: the kind's valid document with the demo parties
// (kindContent.ts), the fixture's values written over it, and the documents it says were sent before
// inserted as the caller's sent documents (with their send keys, as a send writes them).

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CheckRule } from '../../../src/engine/checks';
import { documentSummary, getLifecycle, partiesOf } from '../../../src/engine/lifecycle';
import type { Db } from '../../../src/server/db/client';
import { sendKeyInsert, sendKeyOf } from '../../../src/server/services/documents/duplicates';
import { partyRowsWrites } from '../../../src/server/services/documents/partyRows';
import type { DocumentRow } from '../../../src/server/services/documents/types';
import { kindCases } from '../documents/kindContent';

export const RULES_DIR = path.resolve(__dirname, '../../../schemas/checks/rules');

export interface RuleFixture {
  expect: 'tripped' | 'passed' | 'notChecked';
  kind: string;
  about?: string;
  today?: string;
  set?: Record<string, unknown>;
  sentBefore?: Array<{ kind?: string; set?: Record<string, unknown> }>;
  taxAuthority?: 'demo' | 'timeout';
  lines?: number;
}

export function ruleFiles(dir = RULES_DIR): Array<Omit<CheckRule, 'fixtures'> & { fixtures: RuleFixture[] }> {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Writes `value` at `pointer`, creating nothing: array indexes are steps like any other. */
function write(content: any, pointer: string, value: unknown) {
  const steps = pointer.split('/').slice(1);
  let node = content;
  for (const step of steps.slice(0, -1)) node = node[step];
  node[steps[steps.length - 1]] = structuredClone(value);
}

const bases = new Map<string, Promise<unknown>>();

export async function fixtureContent(kind: string, set: Record<string, unknown> = {}, lines?: number) {
  if (!bases.has(kind))
    bases.set(
      kind,
      kindCases(kind).then((cases) => cases[0].content),
    );
  const content = structuredClone((await bases.get(kind)) as any);
  for (const [pointer, value] of Object.entries(set)) write(content, pointer, value);
  if (lines) {
    const total = getLifecycle(kind).document.total;
    const sum = typeof total === 'object' ? [total.sum].flat()[0] : '';
    const list = sum.slice(0, sum.lastIndexOf('/*/'));
    const steps = list.split('/').slice(1);
    let node = content;
    for (const step of steps.slice(0, -1)) node = node[step];
    const items = node[steps[steps.length - 1]];
    node[steps[steps.length - 1]] = Array.from({ length: lines }, (_, i) => ({
      ...items[i % items.length],
      OrdNo: i + 1,
    }));
  }
  return content;
}

/** The status a send leads to (the unconditional branch of the kind's sending action). */
function sentStatus(kind: string): number {
  const send = getLifecycle(kind).actions.find((action) => action.sign.shape === 'document');
  const to = send?.to as unknown;
  if (typeof to === 'number') return to;
  const branches = to as Array<{ status: number }>;
  return branches[branches.length - 1].status;
}

/** A document of the caller's organisation, sent: its row, the caller's party row and its send key. */
export async function insertSent(db: Db, org: { id: string; identity: string }, kind: string, content: any) {
  const id = randomUUID();
  const summary = documentSummary(kind, content);
  await db.query(
    `insert into documents (id, kind, type_id, national_id, number, doc_date, total_sum, status, source,
                            owner_org_id, content, content_hash, sent_at)
     values ($1, $2, $3, $4, $5, $6::date, $7, $10, 'created', $8, $9, 'test', now())`,
    [
      id,
      kind,
      getLifecycle(kind).typeId,
      summary.nationalId || null,
      summary.number,
      summary.date,
      summary.total,
      org.id,
      JSON.stringify(content),
      sentStatus(kind),
    ],
  );
  const { rows } = await db.query<DocumentRow>(`select * from documents where id = $1`, [id]);
  const { upsert } = partyRowsWrites(rows[0], partiesOf(kind, content), []);
  if (upsert) await db.query(upsert.sql, upsert.params);
  const key = sendKeyOf(kind, content, org.id);
  if (key) {
    const statement = sendKeyInsert(id, key);
    await db.query(statement.sql, statement.params);
  }
  return id;
}
