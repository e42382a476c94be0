import type { Content } from 'pdfmake/interfaces';
import type { PrintModel } from '../../../engine/print';
import { PDF_FONT } from './fonts';
import { MARGIN, pageFooter, pair, stampBlock } from './layout';
import { type PdfOptions, qrDataUrl, renderDefinition } from './render';

/**
 * The signing protocol (DocumentQr/generateDocumentToPdf): one A4 page that names the document, its
 * parties and every signature stamp, with a large QR to the public verification page and its link
 * in writing — what goes with a document printed elsewhere, as the operators' "протокол
 * подписания" does. Built from the same print model as the printed form.
 */
export async function renderProtocolPdf(model: PrintModel, options: PdfOptions = {}): Promise<Buffer> {
  const qr = await qrDataUrl(model);
  const stamps = model.stamps.map((_, index) => {
    const party = model.parties.find((p) => p.stamps.includes(index));
    return {
      stack: [
        ...(party ? [{ text: party.title.toUpperCase(), bold: true, fontSize: 7.5, color: '#444444' }] : []),
        stampBlock(model, index),
      ],
      margin: [0, 0, 0, 4],
    } as Content;
  });
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: model.texts.protocol.toUpperCase(), bold: true, fontSize: 13, margin: [0, 4, 0, 8] },
            { text: model.title, bold: true, fontSize: 11 },
            ...(model.subtitle ? [{ text: model.subtitle, bold: true } as Content] : []),
            { text: model.heading, fontSize: 10 },
            ...(model.contract ? [{ text: model.contract } as Content] : []),
            { text: '', margin: [0, 4, 0, 0] },
            ...model.identifiers.map(pair),
            ...(model.status ? [pair(model.status)] : []),
          ],
        },
        ...(qr && model.qr
          ? [
              {
                width: 124,
                stack: [
                  { image: 'qr', width: 120, alignment: 'center' },
                  { text: model.qr.caption, fontSize: 7, alignment: 'center' },
                ],
              } as Content,
            ]
          : []),
      ],
      columnGap: 16,
    },
    { text: model.texts.parties.toUpperCase(), bold: true, margin: [0, 12, 0, 3] },
    ...model.parties.map(
      (party): Content => ({
        text: [
          { text: `${party.title}: `, color: '#444444' },
          { text: party.name, bold: true },
          ...(party.identity ? [{ text: ` — ${party.identity.label} ${party.identity.value}` }] : []),
        ],
        margin: [0, 0, 0, 2],
      }),
    ),
    { text: model.texts.signatures.toUpperCase(), bold: true, margin: [0, 12, 0, 3] },
    model.stamps.length
      ? { text: model.texts.signed, italics: true, fontSize: 7.5, margin: [0, 0, 0, 4] }
      : { text: model.texts.noSignatures, italics: true, fontSize: 7.5, margin: [0, 0, 0, 4] },
    ...stamps,
    ...(model.texts.check
      ? [{ text: model.texts.check, fontSize: 8, margin: [0, 12, 0, 0] } as Content]
      : []),
  ];
  return renderDefinition(
    {
      pageSize: 'A4',
      pageOrientation: 'portrait',
      pageMargins: [MARGIN * 1.5, MARGIN * 1.5, MARGIN * 1.5, MARGIN + 8],
      defaultStyle: { font: PDF_FONT, fontSize: 9, lineHeight: 1.15 },
      images: qr ? { qr } : {},
      info: {
        title: `${model.texts.protocol}: ${model.title} ${model.heading}`,
        creator: 'Hujjat',
        producer: 'Hujjat',
      },
      footer: pageFooter(model),
      content,
    },
    model,
    options,
  );
}
