import path from 'node:path';
import { LOCALES, type Locale } from '../../../../engine/constants';
import { withConfiguredDatabase } from '../../../db/withConfiguredDatabase';
import { translate } from '../../../i18n';
import { createProgress } from '../../catalogue/import/progress';
import type { RowError } from '../../catalogue/types';
import type { ImportKind } from './columns';
import { importReferenceFile } from './importFile';

// The command line of `npm run import:mxik -- <file>` and `npm run import:banks -- <file>`: the same
// database as the server (DATA_DIR / DATABASE_URL), messages in LANG (ru, uz, en; HUJJAT_LANG wins).
// Exit code 0 done, 1 bad rows (nothing changed), 2 usage.

export function cliLanguage(env: NodeJS.ProcessEnv = process.env): Locale {
  const tag = (env.HUJJAT_LANG || env.LC_ALL || env.LANG || '').slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(tag) ? (tag as Locale) : 'ru';
}

export async function runReferenceImport(kind: ImportKind, argv: string[]): Promise<number> {
  const lang = cliLanguage();
  const t = (key: string, params?: Record<string, unknown>) =>
    translate(lang, `reference:cli.${key}`, params);
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const files = argv.filter((a) => !a.startsWith('--'));
  if (
    flags.has('--help') ||
    files.length !== 1 ||
    [...flags].some((f) => f !== '--replace' && f !== '--help')
  ) {
    process.stderr.write(`${t(`usage.${kind}`)}\n`);
    return 2;
  }
  const started = Date.now();
  const outcome = await withConfiguredDatabase((db) =>
    importReferenceFile(db, kind, path.resolve(files[0]), {
      lang,
      replace: flags.has('--replace'),
      onProgress: createProgress(process.stdout, t('writing')),
    }),
  );
  if (!outcome.ok) {
    printErrors(outcome.errors, t);
    return 1;
  }
  const r = outcome.result;
  process.stdout.write(
    `${t('done', { received: r.received, duplicates: r.duplicates, total: r.rowCount, seconds: ((Date.now() - started) / 1000).toFixed(1) })}\n`,
  );
  return 0;
}

function printErrors(errors: RowError[], t: (key: string, params?: Record<string, unknown>) => string) {
  const shown = errors.slice(0, 200);
  process.stderr.write(`${t('errorsHeader', { count: errors.length })}\n`);
  for (const e of shown)
    process.stderr.write(
      `  ${t('errorLine', { row: e.row || '-', column: e.column || '-', message: e.message })}\n`,
    );
  if (errors.length > shown.length)
    process.stderr.write(`  ${t('moreErrors', { count: errors.length - shown.length })}\n`);
  process.stderr.write(`${t('nothingChanged')}\n`);
}
