// npm run interop:changes -- --before <checkout> [--dir data/operator-examples] [--kind <kind>]
//
// Issue 19's schema changes per kind (docs/interop.md), read from the bundled schemas themselves:
// this checkout's engine against another checkout's (e.g. a1991c7^, before the interop work). For
// each document kind it lists the properties added and removed, the ones no longer required (or newly
// required), and the ones now marked local (kept beside the document, never signed nor exported) —
// and for each, the operator example files of that kind that carry that field at that path (keys matched in any
// case, as the receipt profile matches them), so every change names a document that shows it.
// Conditional requirements (if/then, requiredUnless) are not compared: the table is about the fields.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Node = Record<string, any>;
interface Field {
  required: boolean;
  local: boolean;
  nullable: boolean;
}

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const beforeRoot = option('--before');
const dir = option('--dir') ?? 'data/operator-examples';
const onlyKind = option('--kind');
if (!beforeRoot) {
  console.error('usage: npm run interop:changes -- --before <checkout> [--dir <folder>] [--kind <kind>]');
  process.exit(2);
}

interface Engine {
  listKinds(group?: string): Array<{ kind: string }>;
  getKind(kind: string): { schema: Node };
}
const load = async (root: string) => (await import(path.resolve(root, 'src/engine/index.ts'))) as Engine;

/** Follows a local "#/…" reference inside the bundled schema. */
function resolve(node: Node | undefined, root: Node, depth = 0): Node | undefined {
  if (!node || typeof node !== 'object' || depth > 20) return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .filter(Boolean)
      .reduce<any>((n, part) => n?.[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))], root);
    const { $ref: _, ...rest } = node;
    return { ...resolve(target, root, depth + 1), ...rest };
  }
  return node;
}

/** Every property path of a schema ("/ProductList/Products/[]/Name") with what the schema says of it. */
function fields(schema: Node): Map<string, Field> {
  const out = new Map<string, Field>();
  const walk = (raw: Node | undefined, at: string, depth: number) => {
    const node = resolve(raw, schema);
    if (!node || depth > 12) return;
    const parts: Node[] = [node, ...['allOf', 'anyOf', 'oneOf'].flatMap((k) => node[k] ?? [])]
      .map((n) => resolve(n, schema))
      .filter((n): n is Node => Boolean(n));
    for (const part of parts) {
      if (part !== node && part.properties === undefined && part.items === undefined) continue;
      const required = new Set<string>(part.required ?? []);
      for (const [name, child] of Object.entries<Node>(part.properties ?? {})) {
        const resolved = resolve(child, schema) ?? {};
        const types = ([] as unknown[]).concat(resolved.type ?? []);
        const nullable =
          types.includes('null') ||
          (resolved.anyOf ?? resolved.oneOf ?? []).some((n: Node) => resolve(n, schema)?.type === 'null');
        const key = `${at}/${name}`;
        const previous = out.get(key);
        out.set(key, {
          required: (previous?.required ?? false) || required.has(name),
          local: (previous?.local ?? false) || resolved.local === true,
          nullable: (previous?.nullable ?? false) || nullable,
        });
        walk(child, key, depth + 1);
      }
      if (part.items && typeof part.items === 'object' && !Array.isArray(part.items))
        walk(part.items, `${at}/[]`, depth + 1);
    }
  };
  walk(schema, '', 0);
  return out;
}

/** Whether a JSON value has something under this path, keys matched in any case. */
function carries(value: unknown, parts: string[]): boolean {
  if (parts.length === 0) return true;
  const [head, ...rest] = parts;
  if (head === '[]') return Array.isArray(value) && value.some((item) => carries(item, rest));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const key = Object.keys(value).find((k) => k.toLowerCase() === head.toLowerCase());
  return key !== undefined && carries((value as Record<string, unknown>)[key], rest);
}

const examples = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    // the kind a file is named after: didox-<kind>.json, didox_stored-<kind>.json…
    kind: /^[a-z]+[-_](?:[a-z]+-)?([A-Za-z0-9]+)\.json$/.exec(file)?.[1],
    value: JSON.parse(readFileSync(path.join(dir, file), 'utf8').replace(/^\uFEFF/, '')),
  }));
/** The examples of this kind that carry the field. */
const shownBy = (kind: string, fieldPath: string) => {
  const parts = fieldPath.split('/').slice(1);
  return examples.filter((e) => e.kind === kind && carries(e.value, parts)).map((e) => `\`${e.file}\``);
};

// The other checkout's engine first: both register their kinds in their own module instances.
const before = await load(beforeRoot);
const now = await load('.');
const kinds = now
  .listKinds('documents')
  .map((k) => k.kind)
  .filter((k) => !onlyKind || k === onlyKind);
const known = new Set(before.listKinds('documents').map((k) => k.kind));

/** Where ../shared/reference/uz-edi.md describes each kind's national fields. */
const REFERENCE: Record<string, string> = {
  invoice: '§b.1',
  oneSidedInvoice: '§b.1 (SingleSidedType)',
  hybridInvoice: '§b.2',
  waybill: '§b.3',
  empowerment: '§b.4 (classic, 006)',
  empowermentV2: '§b.4 (new format, 062)',
  completionAct: '§b.5 (005)',
  acceptanceAct: '§b.5 (054)',
  verificationAct: '§b.5 (052)',
  contract: '§b.6',
};

for (const kind of kinds) {
  const after = fields(now.getKind(kind).schema);
  const was = known.has(kind) ? fields(before.getKind(kind).schema) : new Map<string, Field>();
  const rows: Array<[string, string, string]> = [];
  const under = (p: string, set: Set<string>) => [...set].some((q) => p.startsWith(`${q}/`));
  const added = new Set([...after.keys()].filter((p) => !was.has(p)));
  const removed = new Set([...was.keys()].filter((p) => !after.has(p)));
  for (const p of added) {
    if (under(p, added)) continue; // a new block's own fields come with it
    const f = after.get(p)!;
    rows.push([
      p,
      `added${f.local ? ' (local)' : ''}${f.required ? ', required' : ''}`,
      shownBy(kind, p).join(', '),
    ]);
  }
  for (const p of removed) if (!under(p, removed)) rows.push([p, 'removed', shownBy(kind, p).join(', ')]);
  for (const [p, f] of after) {
    const old = was.get(p);
    if (!old) continue;
    const changes: string[] = [];
    if (old.required && !f.required) changes.push('no longer required');
    if (!old.required && f.required) changes.push('now required');
    if (!old.local && f.local) changes.push('marked local');
    if (old.local && !f.local) changes.push('no longer local');
    if (!old.nullable && f.nullable) changes.push('may be null');
    if (changes.length) rows.push([p, changes.join(', '), shownBy(kind, p).join(', ')]);
  }
  console.log(`\n### ${kind}${known.has(kind) ? '' : ' (new kind)'}\n`);
  if (REFERENCE[kind]) console.log(`Reference: ../shared/reference/uz-edi.md ${REFERENCE[kind]}.\n`);
  if (rows.length === 0) {
    console.log('No field added, removed or loosened.');
    continue;
  }
  console.log('| field | change | operator examples that carry it |');
  console.log('| --- | --- | --- |');
  rows.sort((a, b) => a[0].localeCompare(b[0]));
  for (const [p, change, files] of rows) console.log(`| \`${p}\` | ${change} | ${files || '—'} |`);
}
