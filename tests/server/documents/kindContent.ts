// A valid document of every kind with the demo parties in its roles, built from the kind's folder
// (its first valid fixture and its lifecycle.json pointers) — so a kind added later is covered too.
import fs from 'node:fs';
import path from 'node:path';
import { checkDocument } from '../../../src/engine';
import {
  getLifecycle,
  partiesOf,
  type Role,
  readAll,
  withNationalId,
  writeOne,
} from '../../../src/engine/lifecycle';
import { IND1, IND2, ORG1, ORG2, ORG3 } from './exchange';

const SCHEMAS = path.resolve(__dirname, '../../../schemas/documents');

/** Blocks that hold an optional party, for kinds whose fixtures leave it out (test data). */
const OPTIONAL_PARTY_BLOCKS: Record<string, Record<string, unknown>> = {
  '/ResponsibleToGoods': { TinOrPinfl: IND2.identity, Name: 'Responsible (demo)' },
};

function fixtures(kind: string): unknown[] {
  const dir = path.join(SCHEMAS, kind, 'fixtures', 'valid');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Sets every value a pointer (with `*`) reaches, item by item from `values`. */
function writeEach(content: any, pointer: string, values: string[]): any {
  const steps = pointer.split('/').slice(1);
  const copy = structuredClone(content);
  let index = 0;
  const walk = (node: any, at: number) => {
    if (node === null || typeof node !== 'object') return;
    const step = steps[at];
    if (at === steps.length - 1) {
      if (step === '*') return;
      node[step] = values[Math.min(index++, values.length - 1)];
      return;
    }
    if (step === '*') for (const item of node) walk(item, at + 1);
    else walk(node[step], at + 1);
  };
  walk(copy, 0);
  return copy;
}

const parentOf = (pointer: string) => pointer.split('/').slice(0, -1).join('/');

export interface KindCase {
  kind: string;
  variant: 'full' | 'minimal';
  content: any;
  /** Role → the demo parties that hold it. */
  holders: Partial<Record<Role, Array<{ keyId: string; identity: string }>>>;
}

/**
 * The fixture with the most declared parties present, the missing optional blocks added, and the
 * demo parties written in: individuals get IND1, IND2; organisations ORG1 (always the sender), ORG2,
 * ORG3. The national id is emptied so the server fills a fresh one for each document.
 */
export async function kindCases(kind: string): Promise<KindCase[]> {
  const lifecycle = getLifecycle(kind);
  const ranked = fixtures(kind)
    .map((content) => ({ content, count: partiesOf(kind, content).filter((p) => p.identity).length }))
    .sort((a, b) => b.count - a.count);
  let full: any = structuredClone(ranked[0].content);
  for (const declaration of Object.values(lifecycle.parties)) {
    if (!declaration || readAll(full, declaration.identity).length) continue;
    const block = parentOf(declaration.identity);
    if (OPTIONAL_PARTY_BLOCKS[block]) full = writeOne(full, block, OPTIONAL_PARTY_BLOCKS[block]);
  }
  const individuals = [IND1, IND2];
  const organisations = [ORG1, ORG2, ORG3];
  const holders: KindCase['holders'] = {};
  for (const [role, declaration] of Object.entries(lifecycle.parties) as Array<[Role, any]>) {
    const count = declaration.many ? Math.max(1, readAll(full, declaration.identity).length) : 1;
    const pool = declaration.individual ? individuals : organisations;
    const chosen = pool.splice(0, count);
    if (chosen.length < count) throw new Error(`${kind}: not enough demo parties for ${role}`);
    holders[role] = chosen;
    full = declaration.many
      ? writeEach(
          full,
          declaration.identity,
          chosen.map((p) => p.identity),
        )
      : writeOne(full, declaration.identity, chosen[0].identity);
  }
  // A seller's own product list names the seller (invoice, act): keep such copies consistent.
  for (const pointer of ['/ProductList/Tin']) {
    if (readAll(full, pointer).length)
      full = writeOne(full, pointer, readAll(full, lifecycle.parties.sender.identity)[0]);
  }
  if (lifecycle.document.id) full = writeOne(full, lifecycle.document.id, '');
  const cases: KindCase[] = [{ kind, variant: 'full', content: full, holders }];
  // Without its optional parties (other branches of conditional transitions), when the schema allows.
  const optional = Object.entries(lifecycle.parties).filter(([, d]) => d?.optional);
  if (optional.length) {
    let minimal: any = structuredClone(full);
    for (const [, declaration] of optional)
      minimal = writeOne(minimal, parentOf(declaration!.identity), null);
    const check = await checkDocument(kind, withNationalId(kind, minimal, false));
    if (check.valid) {
      const minimalHolders = { ...holders };
      for (const [role] of optional) delete minimalHolders[role as Role];
      cases.push({ kind, variant: 'minimal', content: minimal, holders: minimalHolders });
    }
  }
  return cases;
}
