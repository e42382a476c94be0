import type { PrintModel, PrintParty, PrintTable } from './model';
import type { LabelledValue } from './values';

/**
 * The print model as a tree of elements: the one HTML rendering of the printed form. The server
 * serializes it (`printHtml`, DocumentContent/getHtml) and the browser mounts it as React elements
 * (src/web/form/print), so the page printed from the browser and the HTML an integrator fetches are
 * the same markup; `printForm.css` (beside this file) styles both. No inline styles: the pages' CSP
 * allows only this server's stylesheets; column widths are `<col width>` presentational hints.
 */
export type PrintNode = string | PrintElement;

export interface PrintElement {
  tag: string;
  attrs?: Record<string, string | number | undefined>;
  children?: PrintNode[];
}

export interface PrintTreeOptions {
  /** The QR's image (a data: or blob: URL of the verification link); no QR without it. */
  qrSrc?: string;
}

const h = (
  tag: string,
  attrs: PrintElement['attrs'] | null,
  ...children: Array<PrintNode | null | undefined | false>
): PrintElement => ({
  tag,
  ...(attrs ? { attrs } : {}),
  children: children.filter(
    (child): child is PrintNode => child !== null && child !== undefined && child !== false,
  ),
});

const pair = (row: LabelledValue) =>
  h('div', { class: 'pf-pair' }, h('dt', null, row.label), h('dd', null, row.value));

const list = (rows: LabelledValue[]) =>
  rows.length ? h('dl', { class: 'pf-pairs' }, ...rows.map(pair)) : null;

function partyBlock(party: PrintParty) {
  return h(
    'section',
    { class: 'pf-party', 'data-role': party.role },
    h('h2', { class: 'pf-caps' }, party.title),
    h('p', { class: 'pf-party-name' }, party.name),
    list([...(party.identity ? [party.identity] : []), ...party.rows]),
  );
}

/** Digits only (a code, an account, a barcode): kept on one line like a number. */
const CODE = /^\d[\d\u202f ]*$/;

/** A cell of one or more fields: each field's text on its own line; codes never break. */
function cell(lines: string[], numeric: boolean, attrs: PrintElement['attrs'] = {}): PrintElement {
  const texts = numeric ? lines : lines.filter(Boolean);
  const line = (text: string) => (!numeric && CODE.test(text) ? h('span', { class: 'pf-code' }, text) : text);
  const children =
    texts.length <= 1
      ? [line(texts[0] ?? '')]
      : texts.map((text) => h('span', { class: 'pf-line' }, line(text)));
  return h('td', { ...attrs, ...(numeric ? { class: 'pf-num' } : {}) }, ...children);
}

function tableBlock(table: PrintTable, totalsLabel: string) {
  const first = table.totals
    ? Math.max(
        1,
        table.totals.findIndex((text) => text !== ''),
      )
    : 0;
  return h(
    'section',
    { class: 'pf-table-block' },
    table.title ? h('h2', { class: 'pf-table-title' }, table.title) : null,
    list(table.caption),
    h(
      'table',
      { class: 'pf-table' },
      h(
        'colgroup',
        null,
        ...table.columns.map((column) => h('col', { width: `${(column.width * 100).toFixed(2)}%` })),
      ),
      h(
        'thead',
        null,
        h('tr', null, ...table.columns.map((column) => h('th', { scope: 'col' }, column.label))),
      ),
      h(
        'tbody',
        null,
        ...table.rows.map((row) =>
          h('tr', null, ...row.map((lines, i) => cell(lines, table.columns[i].numeric))),
        ),
      ),
      table.totals
        ? h(
            'tfoot',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'row', colspan: first }, totalsLabel),
              // Each total names its column (a stable hook for tests and integrators).
              ...table.totals
                .slice(first)
                .map((text, i) =>
                  cell(
                    text.split('\n'),
                    true,
                    text ? { 'data-print-total': table.columns[first + i].key } : {},
                  ),
                ),
            ),
          )
        : null,
    ),
    table.words ? h('p', { class: 'pf-words', 'data-testid': 'sum-in-words' }, table.words) : null,
  );
}

function stampBlock(model: PrintModel, index: number) {
  const stamp = model.stamps[index];
  return h(
    'div',
    { class: 'pf-stamp', 'data-action': stamp.action },
    h('p', { class: 'pf-stamp-word' }, stamp.word),
    ...stamp.lines.map((line) => h('p', null, line)),
  );
}

function signaturesBlock(model: PrintModel) {
  const placed = new Set(model.parties.flatMap((party) => party.stamps));
  const signing = model.parties.filter((party) => party.signers.length || party.stamps.length);
  return h(
    'section',
    { class: 'pf-signatures' },
    h('h2', { class: 'pf-caps' }, model.texts.signatures),
    h('p', { class: 'pf-note' }, model.stamps.length ? model.texts.signed : model.texts.noSignatures),
    h(
      'div',
      { class: 'pf-signers' },
      ...signing.map((party) =>
        h(
          'div',
          { class: 'pf-signer', 'data-role': party.role },
          h('h3', { class: 'pf-caps' }, party.title),
          h('p', { class: 'pf-party-name' }, party.name),
          ...party.signers.map((signer) =>
            h(
              'p',
              { class: 'pf-sign-line' },
              h('span', null, `${signer.label}:`),
              h('span', { class: 'pf-rule', 'aria-hidden': 'true' }),
              h('span', null, signer.value),
            ),
          ),
          ...party.stamps.map((index) => stampBlock(model, index)),
        ),
      ),
    ),
    ...model.stamps.flatMap((_, index) => (placed.has(index) ? [] : [stampBlock(model, index)])),
  );
}

/** The printed form of a model as an element tree (`<article class="pf">`). */
export function printTree(model: PrintModel, options: PrintTreeOptions = {}): PrintElement {
  const ids = [...model.identifiers, ...(model.status ? [model.status] : [])];
  return h(
    'article',
    {
      class: `pf pf-${model.orientation}`,
      lang: model.lang === 'uz' ? 'uz-Latn' : model.lang,
      'data-kind': model.kind,
      'data-orientation': model.orientation,
    },
    h(
      'header',
      { class: 'pf-head' },
      h(
        'div',
        { class: 'pf-ids' },
        ...ids.map((row) => h('p', null, h('span', { class: 'pf-muted' }, `${row.label}: `), row.value)),
        model.labels.length
          ? h(
              'p',
              { class: 'pf-labels' },
              ...model.labels.map((label) => h('span', { class: 'pf-label' }, label)),
            )
          : null,
      ),
      options.qrSrc && model.qr
        ? h(
            'figure',
            { class: 'pf-qr' },
            h('img', { src: options.qrSrc, alt: model.qr.caption, width: 96, height: 96 }),
            h('figcaption', null, model.qr.caption),
          )
        : null,
    ),
    h('h1', { class: 'pf-title' }, model.title),
    model.subtitle ? h('p', { class: 'pf-subtitle' }, model.subtitle) : null,
    h('p', { class: 'pf-heading' }, model.heading),
    model.contract ? h('p', { class: 'pf-contract' }, model.contract) : null,
    model.parties.length ? h('div', { class: 'pf-parties' }, ...model.parties.map(partyBlock)) : null,
    ...model.tables.map((table) => tableBlock(table, model.texts.totals)),
    ...model.sections.map((section) =>
      h(
        'section',
        { class: 'pf-section' },
        section.title ? h('h2', { class: 'pf-section-title' }, section.title) : null,
        list(section.rows),
        ...section.paragraphs.map((paragraph) => h('p', { class: 'pf-text' }, paragraph)),
      ),
    ),
    signaturesBlock(model),
    h('footer', { class: 'pf-footer' }, model.texts.footer),
  );
}

const VOID = new Set(['col', 'img', 'br']);
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A tree as HTML markup, every text and attribute escaped. */
export function toHtml(node: PrintNode): string {
  if (typeof node === 'string') return escapeHtml(node);
  const attrs = Object.entries(node.attrs ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
  if (VOID.has(node.tag)) return `<${node.tag}${attrs}>`;
  return `<${node.tag}${attrs}>${(node.children ?? []).map(toHtml).join('')}</${node.tag}>`;
}

/** The printed form as a complete HTML page (DocumentContent/getHtml) using the given stylesheet. */
export function printHtml(model: PrintModel, options: PrintTreeOptions & { stylesheet: string }): string {
  const title = `${model.title} ${model.heading}`;
  return (
    '<!doctype html>\n' +
    `<html lang="${escapeHtml(model.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}"></head>` +
    `<body class="pf-page">${toHtml(printTree(model, options))}</body></html>\n`
  );
}
