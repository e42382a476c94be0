import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import type { PrintModel } from '../../../engine/print';
import { batchContentWrites } from './contentStreams';
import { fontFiles, PDF_FONT, shareParsedFonts } from './fonts';
import { pdfDocument } from './layout';
import { fastStyleLookup } from './styleLookup';

/**
 * Server PDF of a print model (pdfmake): A4, Noto Sans embedded, the QR to the verification page,
 * and the exact signed bytes attached as a file — as Factur-X attaches its XML to a PDF/A-3 — so
 * the PDF carries its own document of record.
 */
export interface PdfAttachment {
  name: string;
  bytes: Uint8Array;
  mime: string;
  description: string;
  /** PDF/A-3 AFRelationship: Source (the signed JSON the page shows), Supplement (its signatures). */
  relationship: 'Source' | 'Data' | 'Alternative' | 'Supplement';
}

export interface PdfOptions {
  attachments?: PdfAttachment[];
  /** Fixed creation time: the same document prints to the same bytes (the archive hashes them). */
  createdAt?: Date;
}

interface PdfMake {
  virtualfs: { writeFileSync(name: string, data: Buffer): void; existsSync(name: string): boolean };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
let printer: PdfMake | null = null;

function pdfmake(): PdfMake {
  if (printer) return printer;
  shareParsedFonts();
  batchContentWrites();
  fastStyleLookup();
  const instance = require('pdfmake') as PdfMake;
  const fonts: Record<string, string> = {};
  for (const [style, bytes] of Object.entries(fontFiles())) {
    const name = `${PDF_FONT}-${style}.ttf`;
    instance.virtualfs.writeFileSync(name, bytes);
    fonts[style] = name;
  }
  instance.setFonts({ [PDF_FONT]: fonts });
  // Everything a document uses is in memory: no URL is fetched, no local file is read.
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy(() => false);
  printer = instance;
  return instance;
}

/** The verification URL as a PNG data URL (also what DocumentQr/img answers). */
export async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 2, width: 264, type: 'png' });
}

/** The verification link's QR as a data URL for pdfmake, or undefined without a QR. */
export async function qrDataUrl(model: PrintModel): Promise<string | undefined> {
  return model.qr ? `data:image/png;base64,${(await qrPng(model.qr.url)).toString('base64')}` : undefined;
}

/** A pdfmake document of a model as a PDF/A-3b with the model's language and the given attachments. */
export async function renderDefinition(
  doc: TDocumentDefinitions,
  model: PrintModel,
  options: PdfOptions = {},
): Promise<Buffer> {
  const createdAt = options.createdAt ?? new Date();
  doc.info = { ...doc.info, creationDate: createdAt } as TDocumentDefinitions['info'];
  doc.version = '1.7';
  doc.subset = 'PDF/A-3b';
  doc.language = model.lang;
  doc.files = Object.fromEntries(
    (options.attachments ?? []).map((file) => [
      file.name,
      {
        src: `data:${file.mime};base64,${Buffer.from(file.bytes).toString('base64')}`,
        name: file.name,
        description: file.description,
        relationship: file.relationship,
        creationDate: createdAt,
        modifiedDate: createdAt,
      },
    ]),
  ) as TDocumentDefinitions['files'];
  return pdfmake().createPdf(doc).getBuffer();
}

/** The printed form of a model. */
export async function renderPdf(model: PrintModel, options: PdfOptions = {}): Promise<Buffer> {
  return renderDefinition(pdfDocument(model, { qr: await qrDataUrl(model) }), model, options);
}
