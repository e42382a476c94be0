/**
 * The print model (docs/print.md): one model of the printed form per document, built from the kind's
 * folder (schema.json, ui.json, print.json) and the document's signature events, rendered as HTML in
 * the browser and as PDF on the server.
 *
 *   buildPrintModel({kind, content, lang, t, document?, signatures?, verifyUrl?})
 *   registerPrintLayout(kind, layout)   a kind registered at run time brings its print.json
 *   printLayoutOf(kind), hasPrintLayout(kind)
 *   printTree(model, {qrSrc}) / toHtml(tree) / printHtml(model, {qrSrc, stylesheet})   the HTML form
 *   (styled by ./printForm.css)
 */
export type { ColumnLayout, PartyLayout, PrintLayout, SectionLayout, TableLayout } from './layout';
export { hasPrintLayout, printLayoutOf, registerPrintLayout } from './layout';
export type {
  DocumentFacts,
  PrintColumn,
  PrintInput,
  PrintModel,
  PrintParty,
  PrintSection,
  PrintTable,
  PrintTexts,
} from './model';
export { buildPrintModel } from './model';
export type { PrintStamp, SignatureEvent } from './stamps';
export { buildStamps, tashkentTime } from './stamps';
export type { PrintElement, PrintNode, PrintTreeOptions } from './tree';
export { printHtml, printTree, toHtml } from './tree';
export type { LabelledValue } from './values';
