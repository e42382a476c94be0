// The server's PDF (docs/print.md): the print model rendered by pdfmake with Noto Sans embedded —
// the printed form and the signing protocol — and the stored documents' print, PDF, QR and HTML.

export { renderProtocolPdf } from './protocol';
export { type PdfAttachment, type PdfOptions, qrPng, renderPdf } from './render';
export {
  notSigned,
  PRINT_STYLESHEET_PATH,
  type PrintRequest,
  printStylesheet,
  recordAttachments,
  type StoredPrint,
  storedHtml,
  storedPdf,
  storedPrint,
  storedProtocol,
  storedQr,
} from './stored';
