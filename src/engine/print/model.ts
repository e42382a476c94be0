import type { JsonSchema } from '../bundle';
import type { Locale } from '../constants';
import { formatIsoDate } from '../format';
import type { LineMapping } from '../lines';
import type { Translate } from '../localize';
import { type MoneyValue, toDecimal } from '../money';
import { referenceName } from '../reference/names';
import { getKind } from '../registry';
import { sumInWords } from '../words';
import type { FieldRef, PartyLayout, PrintLayout, SectionLayout, TableLayout } from './layout';
import { printLayoutOf } from './layout';
import { buildStamps, type PrintStamp, type SignatureEvent } from './stamps';
import {
  flatten,
  isEmpty,
  isMoney,
  isNumeric,
  type LabelledValue,
  numberText,
  readAt,
  schemaAt,
  segments,
  titleText,
  type UiNode,
  uiAt,
  type ValueContext,
  valueText,
} from './values';

/**
 * The print model: everything a printed form shows, already in the reader's language and formats,
 * built from the kind's schema, UI schema and print layout (its folder) and the document's signature
 * events. The browser's HTML and the server's PDF both render this one model and add no text of
 * their own, so the two never disagree.
 */
export interface PrintModel {
  kind: string;
  lang: Locale;
  orientation: 'portrait' | 'landscape';
  title: string;
  subtitle: string;
  labels: string[];
  /** "№ 12 от 15.05.2025" */
  heading: string;
  contract: string;
  identifiers: LabelledValue[];
  status: LabelledValue | null;
  parties: PrintParty[];
  sections: PrintSection[];
  tables: PrintTable[];
  /** Every stamp in signing order; each party lists the indices of its own. */
  stamps: PrintStamp[];
  qr: { url: string; caption: string } | null;
  texts: PrintTexts;
}

export interface PrintTexts {
  parties: string;
  signatures: string;
  noSignatures: string;
  rowNumber: string;
  totals: string;
  signed: string;
  footer: string;
  page: string;
  /** The signing protocol's title (DocumentQr/generateDocumentToPdf). */
  protocol: string;
  /** "Check the document and its signatures: scan the QR code or open <url>" ('' without a QR). */
  check: string;
}

export interface PrintParty {
  role: string;
  title: string;
  name: string;
  identity: LabelledValue | null;
  rows: LabelledValue[];
  signers: LabelledValue[];
  stamps: number[];
}

export interface PrintSection {
  title: string;
  rows: LabelledValue[];
  paragraphs: string[];
}

export interface PrintColumn {
  key: string;
  label: string;
  /** Share of the table's width (the layout's relative widths, summing to 1 with the № column). */
  width: number;
  numeric: boolean;
  /** Every field of the column is money (decimalPlaces 2): the view names the currency. */
  money: boolean;
}

export interface PrintTable {
  /** JSON pointer of the lines' array in the document ("/Roadway/ProductGroups/0/ProductInfo/Products"). */
  pointer: string;
  title: string;
  caption: LabelledValue[];
  columns: PrintColumn[];
  /** Cells per line; a cell of several fields has one text per field. */
  rows: string[][][];
  /** Text per column, '' where the column has no total; null when the table has no totals. */
  totals: string[] | null;
  /** Column key → the total as an exact decimal string (what the totals row prints). */
  totalValues: Record<string, string>;
  words: string;
}

export interface DocumentFacts {
  /** Hujjat's id of the stored document. */
  id?: string;
  /** The shown status, already in the reader's language. */
  statusText?: string;
  /**
   * The document at the exchange operator it travelled through (issue 28): operators print their own
   * id beside the national one, and so does Hujjat. `roamingId` is printed only when the layout has
   * no national id of its own.
   */
  operator?: { name: string; documentId?: string | null; roamingId?: string | null };
}

export interface PrintInput {
  kind: string;
  content: Record<string, unknown>;
  lang: Locale;
  t: Translate;
  document?: DocumentFacts;
  signatures?: SignatureEvent[];
  /** The public verification page (the QR's target); no QR without it. */
  verifyUrl?: string;
  /** Replaces the kind's registered layout (tests, previews). */
  layout?: PrintLayout;
  /** A false flag reads as nothing instead of "no" (the document view leaves false flags out). */
  omitFalse?: boolean;
}

const NUMBER_WIDTH = 7;

interface Ctx extends ValueContext {
  ui: UiNode;
  content: unknown;
}

/** Where a pointer lands: relative pointers start at `base` (an element of an `each` array). */
function at(ctx: Ctx, basePath: string[], pointer: string) {
  const parts = [...basePath, ...segments(pointer)];
  const value = readAt(ctx.content, parts);
  const { raw, node } = schemaAt(ctx.root, ctx.root, parts);
  return { parts, value, raw, node, ui: uiAt(ctx.ui, parts) };
}

/** Element paths of an array pointer (one for a layout without `each`). */
function elements(ctx: Ctx, each: string | undefined): string[][] {
  if (!each) return [[]];
  const parts = segments(each);
  const value = readAt(ctx.content, parts);
  return Array.isArray(value) ? value.map((_, index) => [...parts, String(index)]) : [];
}

/** Labelled rows of a field reference: an object's fields, the one field, or a joined block. */
function rowsOf(ctx: Ctx, base: string[], ref: FieldRef, labelPrefix = ''): LabelledValue[] {
  if (typeof ref !== 'string') {
    const block = at(ctx, base, ref.pointer);
    const value = ref.join
      .map((name) => text(ctx, block.parts, `/${name}`))
      .filter(Boolean)
      .join(', ');
    return value ? [{ label: titleText(ctx.t, block.raw, block.node, ref.pointer), value }] : [];
  }
  const pointer = ref;
  const found = at(ctx, base, pointer);
  if (isEmpty(found.value)) return [];
  if (found.value && typeof found.value === 'object' && !Array.isArray(found.value)) {
    return flatten(found.value, found.raw, found.ui, ctx, labelPrefix);
  }
  const label = titleText(ctx.t, found.raw, found.node, found.parts.at(-1) ?? '');
  return [
    {
      label: labelPrefix ? `${labelPrefix} — ${label}` : label,
      value: valueText(found.value, found.raw, found.ui, ctx),
    },
  ];
}

/** Rows of a field listed among others: a block keeps its own title before each of its lines. */
function blockRows(ctx: Ctx, base: string[], ref: FieldRef): LabelledValue[] {
  if (typeof ref !== 'string') return rowsOf(ctx, base, ref);
  const found = at(ctx, base, ref);
  const isBlock = found.value && typeof found.value === 'object' && !Array.isArray(found.value);
  return rowsOf(ctx, base, ref, isBlock ? titleText(ctx.t, found.raw, found.node, '') : '');
}

function titleOf(layout: PrintLayout, ctx: Ctx): string {
  if (typeof layout.title === 'string') return ctx.t(layout.title);
  const value = readAt(ctx.content, segments(layout.title.pointer));
  return ctx.t(layout.title.byValue[String(value)] ?? layout.title.default);
}

function text(ctx: Ctx, base: string[], pointer: string | undefined): string {
  if (!pointer) return '';
  const found = at(ctx, base, pointer);
  return valueText(found.value, found.raw, found.ui, ctx);
}

function buildParties(layouts: PartyLayout[], ctx: Ctx): PrintParty[] {
  const parties: PrintParty[] = [];
  for (const layout of layouts) {
    for (const base of elements(ctx, layout.each)) {
      const name = text(ctx, base, layout.name);
      const identity = text(ctx, base, layout.identity);
      if (!name && !identity) continue; // an optional party the document does not have
      parties.push({
        role: layout.role,
        title: ctx.t(layout.title),
        name,
        identity: identity ? { label: ctx.t('print:identity'), value: identity } : null,
        rows: (layout.fields ?? []).flatMap((pointer) => rowsOf(ctx, base, pointer)),
        signers: (layout.signers ?? [])
          .map((signer) => ({ label: ctx.t(signer.label), value: text(ctx, base, signer.name) }))
          .filter((signer) => signer.value !== ''),
        stamps: [],
      });
    }
  }
  return parties;
}

function buildSections(layouts: SectionLayout[], ctx: Ctx): PrintSection[] {
  const sections: PrintSection[] = [];
  for (const layout of layouts) {
    for (const base of elements(ctx, layout.each)) {
      const main = layout.pointer ? at(ctx, base, layout.pointer) : undefined;
      const heading = layout.heading ? text(ctx, base, layout.heading) : '';
      const title =
        heading ||
        (layout.title ? ctx.t(layout.title) : main ? titleText(ctx.t, main.raw, main.node, '') : '');
      if (layout.text) {
        const body = main && typeof main.value === 'string' ? main.value : '';
        const paragraphs = body
          .split(/\n\s*\n|\r?\n/)
          .map((p) => p.trim())
          .filter(Boolean);
        if (paragraphs.length) sections.push({ title, rows: [], paragraphs });
        continue;
      }
      const rows = [
        ...(layout.pointer ? rowsOf(ctx, base, layout.pointer) : []),
        ...(layout.fields ?? []).flatMap((ref) => blockRows(ctx, base, ref)),
      ];
      if (rows.length) sections.push({ title, rows, paragraphs: [] });
    }
  }
  return sections;
}

/**
 * The VAT fields of an exempt line, from the lines' `lineArithmetic` (the schema's own declaration):
 * a line whose without-VAT flag is true prints the exemption in its rate column ("Без НДС"), not the
 * rate the line may still carry (the form keeps 12 under the ticked flag), and a zero VAT sum — the
 * arithmetic counts such a line at rate 0. Null when the lines have no such flag.
 */
function exemptFields(
  mapping: LineMapping | undefined,
): { flag: string; rate?: string; sum?: string } | null {
  if (!mapping?.withoutVat) return null;
  return { flag: mapping.withoutVat, rate: mapping.vatRate, sum: mapping.vatSum };
}

function buildTables(layouts: TableLayout[], ctx: Ctx): PrintTable[] {
  const tables: PrintTable[] = [];
  for (const layout of layouts) {
    const groups = elements(ctx, layout.each);
    for (const [groupIndex, base] of groups.entries()) {
      const rowsPath = [...base, ...segments(layout.rows)];
      const lines = readAt(ctx.content, rowsPath);
      if (!Array.isArray(lines) || lines.length === 0) continue;
      const lineSchema = schemaAt(ctx.root, ctx.root, [...rowsPath, '0']);
      const tableUi = uiAt(ctx.ui, rowsPath);
      const enumNames = (tableUi?.['ui:options']?.enumNames ?? {}) as Record<string, string[]>;
      const lineUi = tableUi?.items as UiNode;
      // A column's schema, UI node and option names, looked up once per table (not once per cell:
      // a thousand lines would resolve the same $refs thousands of times).
      const specs = new Map<string, ReturnType<typeof lookup>>();
      const lookup = (name: string) => {
        const parts = segments(name);
        const { raw, node } = schemaAt(ctx.root, lineSchema.node, parts);
        return { parts, raw, node, ui: uiAt(lineUi, parts), enumNames: enumNames[name] };
      };
      const field = (name: string) => {
        let spec = specs.get(name);
        if (!spec) {
          spec = lookup(name);
          specs.set(name, spec);
        }
        return spec;
      };
      const present = (name: string) => lines.some((line) => !isEmpty(readAt(line, segments(name))));
      const chosen = layout.columns.filter((column) => !column.optional || column.fields.some(present));
      const numbered = layout.numbered !== false;
      const weights = chosen.reduce((acc, column) => acc + column.width, numbered ? NUMBER_WIDTH : 0);
      const columns: PrintColumn[] = chosen.map((column) => {
        const parts = column.fields.map(field);
        return {
          key: column.fields.join('+'),
          label: column.fields
            .map((name, i) => titleText(ctx.t, parts[i].raw, parts[i].node, name))
            .join(' / '),
          width: column.width / weights,
          numeric:
            !column.names &&
            parts.every((part) => isNumeric(part.node) && !part.enumNames && !part.node?.enum),
          money: parts.every((part) => isMoney(part.node)),
        };
      });
      if (numbered)
        columns.unshift({
          key: '#',
          label: ctx.t('print:rowNumber'),
          width: NUMBER_WIDTH / weights,
          numeric: true,
          money: false,
        });

      const exempt = exemptFields(schemaAt(ctx.root, ctx.root, rowsPath).node?.lineArithmetic);
      const rows = lines.map((line, index) => {
        const isExempt = exempt !== null && readAt(line, segments(exempt.flag)) === true;
        const cells = chosen.map((column) =>
          column.fields.map((name) => {
            const spec = field(name);
            if (isExempt && name === exempt.rate) return ctx.t('print:vatExempt');
            if (isExempt && name === exempt.sum) return numberText(0, spec.node, ctx.lang);
            const value = readAt(line, spec.parts);
            const list = column.names?.[name];
            if (list && (typeof value === 'string' || typeof value === 'number') && value !== '')
              return referenceName(list, String(value), ctx.lang);
            return valueText(value, spec.raw, spec.ui, ctx, spec.enumNames);
          }),
        );
        return numbered ? [[String(index + 1)], ...cells] : cells;
      });

      // Totals of the lines in exact decimals (the printed figures are the lines' own).
      const totalValues: Record<string, string> = {};
      const sums = new Map<string, MoneyValue>();
      for (const name of layout.totals ?? []) {
        const total = lines.reduce(
          (acc, line) => acc.plus(toDecimal(readAt(line, segments(name)) ?? 0)),
          toDecimal(0),
        );
        sums.set(name, total);
        totalValues[name] = total.toFixed();
      }
      const totals =
        sums.size === 0
          ? null
          : columns.map((column) => {
              if (column.key === '#') return '';
              const names = column.key.split('+').filter((name) => sums.has(name));
              return names
                .map((name) => numberText(sums.get(name)!.toFixed(), field(name).node, ctx.lang))
                .join('\n');
            });
      let words = '';
      if (layout.words && sums.has(layout.words)) {
        const money = isMoney(field(layout.words).node) ? sums.get(layout.words)!.toFixed(2) : '';
        if (money) {
          words = ctx.t('print:inWords', { words: sumInWords(money, ctx.lang) });
          if (layout.wordsVat && sums.has(layout.wordsVat)) {
            words += ctx.t('print:inWordsVat', {
              vat: numberText(sums.get(layout.wordsVat)!.toFixed(), field(layout.wordsVat).node, ctx.lang),
            });
          }
        }
      }
      const caption = (layout.groupFields ?? []).flatMap((ref) => blockRows(ctx, base, ref));
      const arrayTitle = titleText(ctx.t, schemaAt(ctx.root, ctx.root, rowsPath).raw, undefined, '');
      tables.push({
        pointer: `/${rowsPath.join('/')}`,
        title:
          layout.each && groups.length > 1
            ? ctx.t('print:group', { n: groupIndex + 1, title: arrayTitle })
            : arrayTitle,
        caption,
        columns,
        rows,
        totals,
        totalValues,
        words,
      });
    }
  }
  return tables;
}

/** Ties each stamp to the party that signed it: by role, and among parties of one role by identity. */
function placeStamps(parties: PrintParty[], stamps: PrintStamp[]): void {
  stamps.forEach((stamp, index) => {
    const sameRole = parties.filter((party) => party.role === stamp.role);
    const party =
      sameRole.find((p) => p.identity && stamp.identity.split(' / ').includes(p.identity.value)) ??
      sameRole[0];
    party?.stamps.push(index);
  });
}

/** The operator's own id, and the roaming id when the content does not carry it. */
function operatorIdentifiers(
  operator: DocumentFacts['operator'],
  nationalId: string,
  t: Translate,
): Array<{ label: string; value: string }> {
  if (!operator) return [];
  return [
    ...(operator.roamingId && !nationalId
      ? [{ label: t('print:nationalId'), value: operator.roamingId }]
      : []),
    ...(operator.documentId
      ? [{ label: t('print:operatorId', { operator: operator.name }), value: operator.documentId }]
      : []),
  ];
}

export function buildPrintModel(input: PrintInput): PrintModel {
  const definition = getKind(input.kind);
  const layout = input.layout ?? printLayoutOf(input.kind);
  const root = definition.schema as JsonSchema;
  const ctx: Ctx = {
    root,
    lang: input.lang,
    t: input.t,
    ui: definition.ui,
    content: input.content,
    omitFalse: input.omitFalse,
  };
  const t = input.t;
  const number = text(ctx, [], layout.number);
  const dateValue = readAt(input.content, segments(layout.date));
  const date = typeof dateValue === 'string' ? formatIsoDate(dateValue, input.lang) : '';
  const contractNumber = layout.contract ? text(ctx, [], layout.contract.number) : '';
  const contractDate = layout.contract ? text(ctx, [], layout.contract.date) : '';
  const nationalId = layout.nationalId ? text(ctx, [], layout.nationalId) : '';
  const parties = buildParties(layout.parties, ctx);
  const stamps = buildStamps(input.signatures ?? [], t, input.lang);
  placeStamps(parties, stamps);
  return {
    kind: input.kind,
    lang: input.lang,
    orientation: layout.orientation ?? 'portrait',
    title: titleOf(layout, ctx),
    subtitle: text(ctx, [], layout.subtitle),
    labels: (layout.labels ?? []).map((pointer) => text(ctx, [], pointer)).filter(Boolean),
    heading: t('print:heading', { number: number || '—', date: date || '—' }),
    contract:
      contractNumber || contractDate
        ? t('print:contract', { number: contractNumber || '—', date: contractDate || '—' })
        : '',
    identifiers: [
      ...(nationalId ? [{ label: t('print:nationalId'), value: nationalId }] : []),
      ...operatorIdentifiers(input.document?.operator, nationalId, t),
      ...(input.document?.id ? [{ label: t('print:documentId'), value: input.document.id }] : []),
    ],
    status: input.document?.statusText
      ? { label: t('print:status'), value: input.document.statusText }
      : null,
    parties,
    sections: buildSections(layout.sections ?? [], ctx),
    tables: buildTables(layout.tables ?? [], ctx),
    stamps,
    qr: input.verifyUrl ? { url: input.verifyUrl, caption: t('print:qrCaption') } : null,
    texts: {
      parties: t('print:parties'),
      signatures: t('print:signatures'),
      noSignatures: t('print:noSignatures'),
      rowNumber: t('print:rowNumber'),
      totals: t('print:totals'),
      signed: t('print:signedElectronically'),
      footer: t('print:footer'),
      // A template the renderer fills per page.
      page: t('print:page', { page: '{page}', pages: '{pages}' }),
      protocol: t('print:protocol.title'),
      check: input.verifyUrl ? t('print:protocol.check', { url: input.verifyUrl }) : '',
    },
  };
}
