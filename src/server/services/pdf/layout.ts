import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PrintModel, PrintParty, PrintTable } from '../../../engine/print';
import type { LabelledValue } from '../../../engine/print/values';
import { PDF_FONT } from './fonts';

/**
 * The print model as a pdfmake document: A4 in the model's orientation, every text taken from the
 * model (the browser's HTML prints the same strings). Column widths are the layout's shares of the
 * sheet's width, numbers never wrap, money carries two decimals already.
 */
export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 28; // ≈ 10 mm
const CELL_PADDING = 2;
export const STAMP_COLOR = '#1f4e9c';

export interface PdfImages {
  qr?: string;
}

export const pair = (row: LabelledValue): Content => ({
  text: [{ text: `${row.label}: `, color: '#444444' }, { text: row.value }],
  margin: [0, 0, 0, 1],
});

function partyBlock(party: PrintParty): Content {
  return {
    stack: [
      { text: party.title.toUpperCase(), bold: true, fontSize: 8, color: '#444444', margin: [0, 0, 0, 2] },
      { text: party.name, bold: true },
      ...(party.identity ? [pair(party.identity)] : []),
      ...party.rows.map(pair),
    ],
    margin: [0, 0, 0, 6],
  };
}

/** Blocks two per row (the sheet's halves), as the parties of a paper form face each other. */
function twoColumns(blocks: Content[], unbreakable = false): Content[] {
  const rows: Content[] = [];
  for (let i = 0; i < blocks.length; i += 2) {
    rows.push({ columns: [blocks[i], blocks[i + 1] ?? { text: '' }], columnGap: 16, unbreakable });
  }
  return rows;
}

export function stampBlock(model: PrintModel, index: number): Content {
  const stamp = model.stamps[index];
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: stamp.word, bold: true, color: STAMP_COLOR },
              ...stamp.lines.map((line) => ({ text: line, color: STAMP_COLOR })),
            ],
            fontSize: 7.5,
          },
        ],
      ],
    },
    layout: {
      hLineColor: () => STAMP_COLOR,
      vLineColor: () => STAMP_COLOR,
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 3, 0, 3],
    unbreakable: true,
  };
}

function tableBlock(table: PrintTable, available: number, fontSize: number, totalsLabel: string): Content[] {
  const widths = table.columns.map((column) => Math.max(8, column.width * available - 2 * CELL_PADDING - 1));
  const header: TableCell[] = table.columns.map((column) => ({
    text: column.label,
    bold: true,
    alignment: 'center',
    fillColor: '#eeeeee',
    fontSize: fontSize - 0.6,
  }));
  const cell = (lines: string[], numeric: boolean): TableCell =>
    numeric
      ? { text: lines.join('\n'), alignment: 'right', noWrap: true }
      : { text: lines.filter(Boolean).join('\n') };
  const body: TableCell[][] = [
    header,
    ...table.rows.map((row) => row.map((lines, i) => cell(lines, table.columns[i].numeric))),
  ];
  if (table.totals) {
    // The label spans the columns before the first total (pdfmake wants the spanned cells present).
    const first = Math.max(
      1,
      table.totals.findIndex((text) => text !== ''),
    );
    const row: TableCell[] = table.totals.map((text, i) =>
      i < first ? { text: '' } : { text, bold: true, alignment: 'right', noWrap: true },
    );
    row[0] = { text: totalsLabel, colSpan: first, bold: true };
    body.push(row);
  }
  return [
    ...(table.title ? [{ text: table.title, bold: true, margin: [0, 6, 0, 2] } as Content] : []),
    ...table.caption.map(pair),
    {
      table: { headerRows: 1, widths, body, dontBreakRows: true },
      layout: {
        hLineWidth: () => 0.5,
        vLineWidth: () => 0.5,
        paddingLeft: () => CELL_PADDING,
        paddingRight: () => CELL_PADDING,
        paddingTop: () => 1.5,
        paddingBottom: () => 1.5,
      },
      fontSize,
      margin: [0, 2, 0, 2],
    },
    ...(table.words ? [{ text: table.words, italics: true, margin: [0, 1, 0, 4] } as Content] : []),
  ];
}

/** The footer of every page: the service's line and "page n of m". */
export const pageFooter =
  (model: PrintModel) =>
  (page: number, pages: number): Content => ({
    columns: [
      { text: model.texts.footer, fontSize: 6.5, color: '#666666' },
      {
        text: model.texts.page.replace('{page}', String(page)).replace('{pages}', String(pages)),
        alignment: 'right',
        fontSize: 6.5,
        color: '#666666',
      },
    ],
    margin: [MARGIN, 6, MARGIN, 0],
  });

export function pdfDocument(model: PrintModel, images: PdfImages): TDocumentDefinitions {
  const landscape = model.orientation === 'landscape';
  const available = (landscape ? A4.height : A4.width) - 2 * MARGIN;
  const tableFont = landscape ? 6.8 : 7.2;

  const head: Content = {
    columns: [
      {
        width: '*',
        stack: [
          ...model.identifiers.map((row) => ({ ...(pair(row) as object), fontSize: 7.5 }) as Content),
          ...(model.status ? [{ ...(pair(model.status) as object), fontSize: 7.5 } as Content] : []),
          ...(model.labels.length
            ? [
                {
                  table: { body: [model.labels.map((label) => ({ text: label, bold: true }))] },
                  layout: { hLineWidth: () => 0.7, vLineWidth: () => 0.7 },
                  fontSize: 8,
                  margin: [0, 3, 0, 0],
                } as Content,
              ]
            : []),
        ],
      },
      ...(images.qr && model.qr
        ? [
            {
              width: 90,
              stack: [
                { image: 'qr', width: 84, alignment: 'center' },
                { text: model.qr.caption, fontSize: 6, alignment: 'center' },
              ],
            } as Content,
          ]
        : []),
    ],
    columnGap: 12,
  };

  const titleBlock: Content[] = [
    { text: model.title, bold: true, fontSize: 13, alignment: 'center', margin: [0, 6, 0, 1] },
    ...(model.subtitle ? [{ text: model.subtitle, alignment: 'center', bold: true } as Content] : []),
    { text: model.heading, alignment: 'center', fontSize: 10 },
    ...(model.contract ? [{ text: model.contract, alignment: 'center' } as Content] : []),
  ];

  const sections: Content[] = model.sections.flatMap((section) => [
    ...(section.title ? [{ text: section.title, bold: true, margin: [0, 5, 0, 1] } as Content] : []),
    ...section.rows.map(pair),
    ...section.paragraphs.map((p) => ({ text: p, margin: [0, 0, 0, 3] }) as Content),
  ]);

  const tables: Content[] = model.tables.flatMap((table) =>
    tableBlock(table, available, tableFont, model.texts.totals),
  );

  const signedBy = (party: PrintParty): Content => ({
    stack: [
      { text: party.title.toUpperCase(), bold: true, fontSize: 8, color: '#444444' },
      { text: party.name, bold: true, margin: [0, 0, 0, 2] },
      ...party.signers.map(
        (signer): Content => ({
          columns: [
            { text: `${signer.label}:`, width: 'auto' },
            { width: 60, canvas: [{ type: 'line' as const, x1: 0, y1: 9, x2: 60, y2: 9, lineWidth: 0.5 }] },
            { text: signer.value, width: '*' },
          ],
          columnGap: 4,
          margin: [0, 2, 0, 2],
        }),
      ),
      ...party.stamps.map((index) => stampBlock(model, index)),
    ],
  });
  const placed = new Set(model.parties.flatMap((party) => party.stamps));
  const signatures: Content[] = [
    { text: model.texts.signatures.toUpperCase(), bold: true, margin: [0, 8, 0, 3] },
    ...(model.stamps.length
      ? [{ text: model.texts.signed, italics: true, fontSize: 7.5, margin: [0, 0, 0, 3] } as Content]
      : [{ text: model.texts.noSignatures, italics: true, fontSize: 7.5, margin: [0, 0, 0, 3] } as Content]),
    // A party's title, signers and stamps stay on one page (a stamp never leaves its party behind).
    ...twoColumns(model.parties.filter((p) => p.signers.length || p.stamps.length).map(signedBy), true),
    ...model.stamps.flatMap((_, index) => (placed.has(index) ? [] : [stampBlock(model, index)])),
  ];

  return {
    pageSize: 'A4',
    pageOrientation: model.orientation,
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 8],
    defaultStyle: { font: PDF_FONT, fontSize: 8.5, lineHeight: 1.1 },
    images: images.qr ? { qr: images.qr } : {},
    info: { title: `${model.title} ${model.heading}`, creator: 'Hujjat', producer: 'Hujjat' },
    footer: pageFooter(model),
    content: [
      head,
      ...titleBlock,
      { text: '', margin: [0, 4, 0, 0] },
      ...twoColumns(model.parties.map(partyBlock)),
      ...tables,
      ...sections,
      ...signatures,
    ],
  };
}
