// npm run check:document -- [--received | --export] [--lang ru|uz|en] [--json] <kind|auto> <file>…
//
// The checks Hujjat makes, from the command line, for QA and integrators (docs/interop.md):
//   (default)   the document as it is, against the kind's form schema — what Hujjat's own forms and
//               API accept;
//   --received  the receipt profile — how Hujjat reads a document made elsewhere (keys in any case,
//               numbers as text, empty blocks…), its rule findings as warnings; refused only when it
//               does not have the kind's shape;
//   --export    the strict export check — what the roaming hub would refuse in a national JSON text.
// A file is JSON, or a signed document (.p7s: DER, Base64 or PEM) whose signed content is checked.
// Messages are in the chosen language; the exit code is 1 when a file is refused, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createValidator, getKind, listKinds } from '../src/engine';
import { decodeCms, parseCms } from '../src/engine/cms';
import { LOCALES, type Locale } from '../src/engine/constants';
import {
  checkNationalExport,
  detectKind,
  documentDate,
  localizeNationalErrors,
  parseReceived,
  readReceived,
} from '../src/engine/national';
import { translate } from '../src/server/i18n';

type Mode = 'form' | 'received' | 'export';

interface FileResult {
  file: string;
  kind: string | null;
  mode: Mode;
  refused: boolean;
  problem?: string;
  errors: Array<{ path: string; field: string; message: string }>;
  warnings: Array<{ path: string; field: string; message: string }>;
  extensions: Array<{ path: string; value: unknown }>;
}

/** The signed content of a CMS, or the file's text when it is not one. */
function documentText(bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('{')) return text;
  const { content } = parseCms(decodeCms(bytes));
  if (!content) throw new Error('detached');
  return new TextDecoder().decode(content);
}

function checkFile(file: string, requested: string, mode: Mode, lang: Locale): FileResult {
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const result: FileResult = {
    file,
    kind: null,
    mode,
    refused: true,
    errors: [],
    warnings: [],
    extensions: [],
  };
  let text: string;
  try {
    text = documentText(new Uint8Array(readFileSync(file)));
    parseReceived(text);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? String(error) : t('interop:check.notJson');
    result.problem = t('interop:check.unreadable', { reason });
    return result;
  }
  let kind = requested;
  if (requested === 'auto') {
    const detected = detectKind(text);
    if (!detected) {
      result.problem = t('interop:check.noKindFound');
      return result;
    }
    kind = detected.kind;
  }
  result.kind = kind;
  const schema = getKind(kind).schema;
  const messages = (errors: Parameters<typeof localizeNationalErrors>[0]) =>
    localizeNationalErrors(errors, t, schema).map((e) => ({
      path: e.path || '/',
      field: String(e.params.field ?? ''),
      message: e.message,
    }));

  if (mode === 'received') {
    const view = readReceived(kind, text);
    if (!view.recognized) {
      result.problem = t('interop:check.notRecognized', { kind: t(getKind(kind).titleKey) });
      return result;
    }
    result.warnings = messages(view.warnings);
    result.extensions = view.extensions;
    result.refused = false;
    return result;
  }
  if (mode === 'export') {
    result.errors = messages(checkNationalExport(kind, text));
  } else {
    const value = JSON.parse(text);
    const now = documentDate(kind, value);
    result.errors = messages(createValidator(kind)(value, now ? { now } : {}).errors);
  }
  result.refused = result.errors.length > 0;
  return result;
}

const at = (e: { path: string; field: string }) => (e.field ? `${e.path} «${e.field}»` : e.path);

/** Runs the check on command-line arguments, writing to `log`/`fail`; answers the exit code. */
export function checkDocuments(
  argv: string[],
  log: (line: string) => void = console.log,
  fail: (line: string) => void = console.error,
): number {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const langIndex = argv.indexOf('--lang');
  const lang = (langIndex >= 0 ? argv[langIndex + 1] : 'ru') as Locale;
  const positional = argv.filter((a, i) => !a.startsWith('--') && !(langIndex >= 0 && i === langIndex + 1));
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const [kind, ...files] = positional;
  const mode: Mode = flags.has('--received') ? 'received' : flags.has('--export') ? 'export' : 'form';
  if (
    !LOCALES.includes(lang) ||
    !kind ||
    files.length === 0 ||
    (flags.has('--received') && flags.has('--export'))
  ) {
    fail(t('interop:check.usage'));
    return 2;
  }
  const kinds = listKinds('documents').map((k) => k.kind);
  if (kind !== 'auto' && !kinds.includes(kind)) {
    fail(t('interop:check.unknownKind', { kind, kinds: kinds.join(', ') }));
    return 2;
  }
  const results = files.map((file) => checkFile(file, kind, mode, lang));
  if (flags.has('--json')) {
    log(JSON.stringify(results, null, 2));
  } else {
    for (const r of results) {
      const kindName = r.kind ? t(getKind(r.kind).titleKey) : '—';
      log(`${r.file} — ${kindName} (${t(`interop:check.mode.${r.mode}`)})`);
      if (kind === 'auto' && r.kind) log(`  ${t('interop:check.detected', { kind: r.kind })}`);
      if (r.problem) log(`  ${t('interop:check.error')}: ${r.problem}`);
      for (const e of r.errors) log(`  ${t('interop:check.error')} ${at(e)}: ${e.message}`);
      for (const w of r.warnings) log(`  ${t('interop:check.warning')} ${at(w)}: ${w.message}`);
      for (const x of r.extensions)
        log(`  ${t('interop:check.extension')} ${x.path}: ${JSON.stringify(x.value).slice(0, 80)}`);
      const counts = t('interop:check.counts', {
        errors: r.errors.length,
        warnings: r.warnings.length,
        extensions: r.extensions.length,
      });
      log(`  ${r.refused ? t('interop:check.refused') : t('interop:check.accepted')} — ${counts}\n`);
    }
    const refused = results.filter((r) => r.refused).length;
    log(t('interop:check.summary', { files: results.length, accepted: results.length - refused, refused }));
  }
  return results.some((r) => r.refused) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = checkDocuments(process.argv.slice(2));
