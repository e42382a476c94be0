import { readFileSync } from 'node:fs';
import type { Locale } from '../../../engine/constants';
import { documentFileName } from '../../../engine/fileName';
import { statusInfo } from '../../../engine/lifecycle';
import { buildPrintModel, type PrintModel, printHtml } from '../../../engine/print';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { type Caller, type DocumentView, documentView, signedRecord } from '../documents';
import { documentTransport } from '../operators/transport';
import { verificationKey, verificationUrl } from '../verification';
import { renderProtocolPdf } from './protocol';
import { type PdfAttachment, qrPng, renderPdf } from './render';

/**
 * The printed form of a stored document, for a caller who may see it (another organisation's
 * document is a 404, as everywhere): the print model from the document view — its content, its
 * signature events as stamps, its status — with the QR to the public verification page once it is
 * signed; and its renderings: the PDF (the exact signed bytes and the joined CMS attached), the
 * signing protocol and the HTML page.
 */
export interface PrintRequest {
  lang: Locale;
  /** The site's origin as the caller reached it (the QR's link is absolute). */
  origin: string;
}

export interface StoredPrint {
  view: DocumentView;
  model: PrintModel;
  /** The exact signed bytes (null for a draft). */
  signedBytes: Uint8Array | null;
  /** The joined CMS of the co-signatures (base64), or null. */
  cms: string | null;
  verifyUrl: string | null;
}

export async function storedPrint(
  db: Db,
  caller: Caller,
  id: string,
  request: PrintRequest,
): Promise<StoredPrint> {
  // The view checks the scope and the view right; the record holds the bytes of record.
  const view = await documentView(db, caller, id);
  const [record, transport] = await Promise.all([
    signedRecord(db, caller, id),
    documentTransport(db, caller.user.organizationId, view.id),
  ]);
  const verifyUrl = record.signedBytes
    ? verificationUrl(request.origin, view.id, await verificationKey(db, view.id))
    : null;
  const t = (key: string, params?: Record<string, unknown>) => translate(request.lang, key, params);
  const status = statusInfo(view.kind, view.status);
  const model = buildPrintModel({
    kind: view.kind,
    content: view.content as Record<string, unknown>,
    lang: request.lang,
    t,
    document: {
      id: view.id,
      statusText: status ? t(`exchange:status.${status.key}`) : undefined,
      ...(transport
        ? {
            operator: {
              name: transport.providerName,
              documentId: transport.operatorId,
              roamingId: transport.roamingId,
            },
          }
        : {}),
    },
    signatures: view.signatures,
    verifyUrl: verifyUrl ?? undefined,
  });
  return { view, model, signedBytes: record.signedBytes, cms: record.cms, verifyUrl };
}

/** The signed bytes and the joined CMS, attached to the PDF (PDF/A-3, as Factur-X attaches its XML). */
export function recordAttachments(print: Pick<StoredPrint, 'signedBytes' | 'cms'>): PdfAttachment[] {
  const files: PdfAttachment[] = [];
  if (print.signedBytes)
    files.push({
      name: 'document.json',
      bytes: print.signedBytes,
      mime: 'application/json',
      description: 'The signed document: the exact bytes every signature covers',
      relationship: 'Source',
    });
  if (print.cms)
    files.push({
      name: 'document.p7s',
      bytes: new Uint8Array(Buffer.from(print.cms, 'base64')),
      mime: 'application/pkcs7-signature',
      description: 'The signatures over document.json (CMS, DER)',
      relationship: 'Supplement',
    });
  return files;
}

export async function storedPdf(db: Db, caller: Caller, id: string, request: PrintRequest & { now?: Date }) {
  const print = await storedPrint(db, caller, id, request);
  const pdf = await renderPdf(print.model, { attachments: recordAttachments(print), createdAt: request.now });
  return { pdf, fileName: documentFileName(print.view, 'pdf'), print };
}

/** The signing protocol (DocumentQr/generateDocumentToPdf): a signed document only. */
export async function storedProtocol(
  db: Db,
  caller: Caller,
  id: string,
  request: PrintRequest & { now?: Date },
) {
  const print = await storedPrint(db, caller, id, request);
  if (!print.signedBytes) throw notSigned();
  const pdf = await renderProtocolPdf(print.model, {
    attachments: recordAttachments(print),
    createdAt: request.now,
  });
  return { pdf, fileName: documentFileName(print.view, 'protocol.pdf'), print };
}

/** The verification link and its QR (DocumentQr/img): a signed document only. */
export async function storedQr(db: Db, caller: Caller, id: string, request: PrintRequest) {
  const print = await storedPrint(db, caller, id, request);
  if (!print.verifyUrl) throw notSigned();
  return { url: print.verifyUrl, png: await qrPng(print.verifyUrl) };
}

export const PRINT_STYLESHEET_PATH = '/api/DocumentContent/print.css';

/** DocumentContent/getHtml: the printed form as an HTML page (the browser's print page's markup). */
export async function storedHtml(db: Db, caller: Caller, id: string, request: PrintRequest) {
  const print = await storedPrint(db, caller, id, request);
  const qrSrc = print.verifyUrl
    ? `data:image/png;base64,${(await qrPng(print.verifyUrl)).toString('base64')}`
    : undefined;
  return printHtml(print.model, { qrSrc, stylesheet: PRINT_STYLESHEET_PATH });
}

let stylesheet: string | null = null;

/** The printed form's stylesheet (src/engine/print/printForm.css, the one the browser bundles). */
export function printStylesheet(): string {
  stylesheet ??= readFileSync(new URL('../../../engine/print/printForm.css', import.meta.url), 'utf8');
  return stylesheet;
}

export const notSigned = () => new ApiError(409, 'NOT_SIGNED', 'print:errors.notSigned');
