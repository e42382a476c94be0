/**
 * npm run lifecycle:table — the state machine of every document kind as Markdown tables, generated from
 * the kinds' lifecycle.json files into docs/lifecycles.md (`--check` fails when that file is stale).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getKind } from '../src/engine';
import {
  type ActionDeclaration,
  getLifecycle,
  type Lifecycle,
  lifecycleKinds,
} from '../src/engine/lifecycle';
import { translate } from '../src/server/i18n';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs', 'lifecycles.md');
const en = (key: string) => translate('en', key);

function targets(action: ActionDeclaration): string {
  if (typeof action.to === 'number') return String(action.to);
  return action.to
    .map((t) => {
      const when = t.when;
      if (!when) return String(t.status);
      const condition = when.present
        ? `${when.present} present`
        : when.absent
          ? `${when.absent} absent`
          : `from ${when.from?.join('/')}`;
      return `${t.status} if ${condition}`;
    })
    .join(', else ');
}

function signed(lifecycle: Lifecycle, action: ActionDeclaration): string {
  switch (action.sign.shape) {
    case 'document':
      return 'the national JSON';
    case 'cosign':
      return 'co-signs the signed bytes (join)';
    case 'wrap':
      return `\`{"${lifecycle.wrapper}": …, "Notes"}\``;
    case 'object':
      return `\`{${Object.keys(action.sign.fields ?? {}).join(', ')}}\``;
    default:
      return 'nothing';
  }
}

export function lifecycleTables(): string {
  const parts = [
    '# Life cycles of the document kinds',
    '',
    'Generated from `schemas/documents/<kind>/lifecycle.json` by `npm run lifecycle:table`; do not edit.',
    'The API publishes the same data: `GET /api/StateStatus/list`. Contract: docs/documents-api.md.',
    '',
  ];
  for (const kind of lifecycleKinds()) {
    const lifecycle = getLifecycle(kind);
    parts.push(
      `## ${en(getKind(kind).titleKey)} (\`${kind}\`, DocType ${lifecycle.typeId}${lifecycle.didoxCode ? `, Didox ${lifecycle.didoxCode}` : ''})`,
    );
    parts.push('');
    const parties = Object.entries(lifecycle.parties)
      .map(
        ([role, p]) =>
          `${role} \`${p?.identity}\`${p?.optional ? ' (optional)' : ''}${p?.many ? ' (several)' : ''}${p?.individual ? ' (person)' : ''}`,
      )
      .join('; ');
    parts.push(
      `Parties: ${parties}.${lifecycle.taxRoles ? ` Tax roles: ${lifecycle.taxRoles.send}/${lifecycle.taxRoles.accept}.` : ''}`,
    );
    parts.push('');
    parts.push('| status | name | final | lists | waits for |');
    parts.push('|---|---|---|---|---|');
    for (const s of lifecycle.statuses) {
      const lists = Object.entries(s.lists ?? {})
        .map(([role, box]) => `${role}: ${box}`)
        .join(', ');
      const view = s.view ? 'shown instead of a stored status' : '';
      parts.push(
        `| ${s.code} | ${en(`exchange:status.${s.key}`)} | ${s.final ? 'yes' : ''} | ${lists || view} | ${(s.awaiting ?? []).join(', ')} |`,
      );
    }
    parts.push('');
    parts.push('| action | by | from | to | signs | reason | result |');
    parts.push('|---|---|---|---|---|---|---|');
    for (const a of lifecycle.actions) {
      parts.push(
        `| ${a.name} | ${a.by}${a.quorum === 'all' ? ' (all)' : ''} | ${a.from.join(', ')} | ${targets(a)} | ${signed(lifecycle, a)} | ${a.reason ?? 'none'} | ${a.result} |`,
      );
    }
    parts.push('');
  }
  return `${parts.join('\n')}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = lifecycleTables();
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(OUT) || fs.readFileSync(OUT, 'utf8') !== text) {
      console.error('docs/lifecycles.md is stale: run npm run lifecycle:table');
      process.exit(1);
    }
    console.log('docs/lifecycles.md is fresh');
  } else {
    fs.writeFileSync(OUT, text);
    console.log(`wrote ${path.relative(ROOT, OUT)} (${lifecycleKinds().length} kinds)`);
  }
}
