// Loads the schema fixtures of every kind: schemas/<group>/<kind>/fixtures/{valid,invalid}/*.json.
// A valid fixture is the document itself. An invalid fixture names what it must fail on and is
// either a whole document or a patch of a valid one:
//   { "description": "...", "base": "01-standard.json",
//     "patch": [{ "op": "replace" | "add" | "remove", "path": "/BuyerTin", "value": "..." }],
//     "now": "2025-06-21T10:00:00+05:00",            (optional validation clock)
//     "expect": { "keyword": "sellerNotBuyer", "instancePath": "/BuyerTin" } }
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The clock fixtures are validated at unless they say otherwise (Tashkent noon). */
export const FIXTURE_NOW = '2025-06-10T12:00:00+05:00';

export interface Fixture {
  kind: string;
  name: string;
  valid: boolean;
  document: unknown;
  now: string;
  expect?: { keyword: string; instancePath: string };
  description?: string;
}

interface PatchOp {
  op: 'replace' | 'add' | 'remove';
  path: string;
  value?: unknown;
}

function applyPatch(document: unknown, patch: PatchOp[]): unknown {
  const copy = structuredClone(document) as any;
  for (const { op, path, value } of patch) {
    const parts = path
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop()!;
    const parent = parts.reduce((node, part) => node[part], copy);
    if (op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (op === 'add' && Array.isArray(parent)) {
      parent.splice(last === '-' ? parent.length : Number(last), 0, value);
    } else {
      parent[last] = value;
    }
  }
  return copy;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

export function loadFixtures(root = 'schemas'): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const group of ['documents', 'settings']) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const kind of readdirSync(groupDir).sort()) {
      const dir = join(groupDir, kind, 'fixtures');
      for (const valid of [true, false]) {
        const sub = join(dir, valid ? 'valid' : 'invalid');
        if (!existsSync(sub)) continue;
        for (const name of readdirSync(sub)
          .filter((f) => f.endsWith('.json'))
          .sort()) {
          const raw = readJson(join(sub, name));
          if (valid) {
            fixtures.push({ kind, name, valid, document: raw, now: FIXTURE_NOW });
            continue;
          }
          const document =
            raw.document ?? applyPatch(readJson(join(dir, 'valid', raw.base)), raw.patch ?? []);
          fixtures.push({
            kind,
            name,
            valid,
            document,
            now: raw.now ?? FIXTURE_NOW,
            expect: raw.expect,
            description: raw.description,
          });
        }
      }
    }
  }
  return fixtures;
}
