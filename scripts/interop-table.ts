// npm run interop:table [-- --before <checkout>] [--dir <folder>]
//
// Issue 19's acceptance table (docs/interop.md): every operator example × {as received by the form
// schema, the receipt profile}, with the number of errors and warnings — now, and (with --before) in
// another checkout of the project, e.g. the one before the interop work:
//   git worktree add /tmp/before a1991c7^ && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   npm run interop:table -- --before /tmp/before
// "Now" is exactly what `npm run check:document` reports (its checkDocuments, --json): the form check
// with the kind the file is named after, the receipt profile with `auto` (the kind detected). The
// other checkout is read with its own engine's createValidator (before a1991c7 there was no
// check:document and no receipt profile: a document made elsewhere met the form schema alone), on the
// same kind and with the same "now" (the document's own date, as check:document takes it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentDate } from '../src/engine/national';
import { checkDocuments } from './check-document';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const dir = option('--dir') ?? 'data/operator-examples';
const beforeRoot = option('--before');

interface Checked {
  kind: string | null;
  refused: boolean;
  problem?: string;
  errors: unknown[];
  warnings: unknown[];
  extensions: unknown[];
}

/** check:document's own answer for one file (its JSON output). */
function checkNow(args: string[]): Checked {
  const lines: string[] = [];
  checkDocuments(
    [...args, '--json'],
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  return (JSON.parse(lines.join('\n')) as Checked[])[0];
}

/** The kind a file is named after: didox-<kind>.json, didox_stored-<kind>.json, didox_get-<kind>.json… */
function namedKind(file: string): string {
  const match = /^[a-z]+[-_](?:[a-z]+-)?([A-Za-z0-9]+)\.json$/.exec(file);
  if (!match) throw new Error(`${file}: no kind in the name`);
  return match[1];
}

type Validate = (kind: string) => (content: unknown, options: { now?: string }) => { errors: unknown[] };

async function beforeValidator(root: string): Promise<Validate> {
  const engine = await import(path.resolve(root, 'src/engine/index.ts'));
  return engine.createValidator as Validate;
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const before = beforeRoot ? await beforeValidator(beforeRoot) : undefined;

const header = [
  'file',
  'kind',
  ...(before ? ['form, before: errors'] : []),
  'form, now: errors',
  'receipt profile, now: kind detected',
  'errors',
  'warnings',
  'extensions',
];
const rows: string[][] = [];
const totals = {
  before: 0,
  form: 0,
  warnings: 0,
  extensions: 0,
  refusedBefore: 0,
  refusedForm: 0,
  refusedReceived: 0,
};
for (const file of files) {
  const full = path.join(dir, file);
  const kind = namedKind(file);
  const form = checkNow([kind, full]);
  const received = checkNow(['--received', 'auto', full]);
  const row = [`\`${file}\``, kind];
  if (before) {
    const value = JSON.parse(readFileSync(full, 'utf8').replace(/^\uFEFF/, ''));
    const now = documentDate(kind, value);
    const errors = before(kind)(value, now ? { now } : {}).errors.length;
    totals.before += errors;
    if (errors) totals.refusedBefore++;
    row.push(String(errors));
  }
  totals.form += form.errors.length;
  if (form.refused) totals.refusedForm++;
  row.push(form.problem ? `refused: ${form.problem}` : String(form.errors.length));
  if (received.refused) totals.refusedReceived++;
  totals.warnings += received.warnings.length;
  totals.extensions += received.extensions.length;
  row.push(
    received.problem
      ? `refused: ${received.problem}`
      : received.kind === kind
        ? (received.kind ?? '—')
        : `${received.kind} (≠ name)`,
    received.refused ? '—' : '0',
    String(received.warnings.length),
    String(received.extensions.length),
  );
  rows.push(row);
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(line(header));
console.log(line(header.map(() => '---')));
for (const row of rows) console.log(line(row));
const n = files.length;
console.log(
  line([
    `**${n} files**`,
    '',
    ...(before ? [`${totals.before} (${totals.refusedBefore} of ${n} refused)`] : []),
    `${totals.form} (${totals.refusedForm} of ${n} refused)`,
    `${n - totals.refusedReceived} of ${n} read`,
    '',
    String(totals.warnings),
    String(totals.extensions),
  ]),
);
