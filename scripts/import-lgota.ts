import path from 'node:path';
import { LOCALES, type Locale } from '../src/engine/constants';
import { withConfiguredDatabase } from '../src/server/db/withConfiguredDatabase';
import { translate } from '../src/server/i18n';
import { exitOnStartupError } from '../src/server/main';
import { importFile } from '../src/server/services/catalogue/import/importFile';
import { createProgress } from '../src/server/services/catalogue/import/progress';
import { RefreshError, refreshList } from '../src/server/services/catalogue/import/refresh';
import { findList, LISTS, type ListDef } from '../src/server/services/catalogue/lists';
import type { RowError } from '../src/server/services/catalogue/types';

// npm run import:lgota -- <list> <file> [--replace]
// npm run import:lgota -- refresh [<list> ...] [--url <base>]       (LGOTA_REFRESH_URL, LGOTA_REFRESH_TOKEN)
// Column layout: docs/catalogue.md. Exit code 0 on success, 1 on bad rows or a failed refresh, 2 on usage.

const lang: Locale = (() => {
  const tag = (process.env.HUJJAT_LANG || process.env.LC_ALL || process.env.LANG || '')
    .slice(0, 2)
    .toLowerCase();
  return (LOCALES as readonly string[]).includes(tag) ? (tag as Locale) : 'ru';
})();
const t = (key: string, params?: Record<string, unknown>) => translate(lang, `catalogue:cli.${key}`, params);

function usage(): never {
  const lists = Object.values(LISTS)
    .map((l) => `  ${l.cliNames[0].padEnd(14)} ${t(`lists.${l.key}`)}`)
    .join('\n');
  process.stderr.write(`${t('usage')}\n\n${lists}\n`);
  process.exit(2);
}

function printErrors(errors: RowError[]) {
  const shown = errors.slice(0, 200);
  process.stderr.write(`${t('errorsHeader', { count: errors.length })}\n`);
  for (const e of shown) {
    process.stderr.write(
      `  ${t('errorLine', { row: e.row || '-', column: e.column || '-', message: e.message })}\n`,
    );
  }
  if (errors.length > shown.length)
    process.stderr.write(`  ${t('moreErrors', { count: errors.length - shown.length })}\n`);
  process.stderr.write(`${t('nothingChanged')}\n`);
}

async function runImport(list: ListDef, file: string, replace: boolean) {
  const started = Date.now();
  const outcome = await withConfiguredDatabase((db) =>
    importFile(db, list, path.resolve(file), {
      lang,
      replace,
      onProgress: createProgress(process.stdout, t('writing')),
    }),
  );
  if (!outcome.ok) {
    printErrors(outcome.errors);
    return 1;
  }
  const r = outcome.result;
  process.stdout.write(
    `${t('done', { list: list.cliNames[0], received: r.received, duplicates: r.duplicates, total: r.rowCount, seconds: ((Date.now() - started) / 1000).toFixed(1) })}\n`,
  );
  return 0;
}

async function runRefresh(names: string[], url: string | undefined) {
  const baseUrl = url || process.env.LGOTA_REFRESH_URL;
  if (!baseUrl) {
    process.stderr.write(`${t('refreshOff')}\n`);
    return 2;
  }
  const lists = names.length
    ? names.map((n) => findList(n) ?? usage())
    : Object.values(LISTS).filter((l) => l.tab);
  return withConfiguredDatabase(async (db) => {
    let code = 0;
    for (const list of lists) {
      if (!list.tab) usage(); // the nonconformity call is per company, not a list to page through
      try {
        const outcome = await refreshList(
          db,
          list,
          { baseUrl, token: process.env.LGOTA_REFRESH_TOKEN || null },
          lang,
        );
        if (outcome.ok)
          process.stdout.write(
            `${t('refreshed', { list: list.cliNames[0], total: outcome.result.rowCount })}\n`,
          );
        else {
          printErrors(outcome.errors);
          code = 1;
        }
      } catch (err) {
        if (!(err instanceof RefreshError)) throw err;
        process.stderr.write(`${t('refreshFailed', { list: list.cliNames[0], reason: err.message })}\n`);
        code = 1;
      }
    }
    return code;
  });
}

async function main() {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith('--') && a !== '--url'));
  const urlIndex = args.indexOf('--url');
  const url = urlIndex >= 0 ? args[urlIndex + 1] : undefined;
  const positional = args.filter((a, i) => !a.startsWith('--') && (urlIndex < 0 || i !== urlIndex + 1));
  if (flags.has('--help') || positional.length === 0) usage();
  if (positional[0] === 'refresh') return runRefresh(positional.slice(1), url);
  const list = findList(positional[0]);
  if (!list || positional.length !== 2) usage();
  return runImport(list, positional[1], flags.has('--replace'));
}

main().then((code) => process.exit(code), exitOnStartupError);
