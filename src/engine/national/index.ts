/**
 * The national format of documents (uz-edi.md §b): what is signed on send, what is exported, and how
 * a document made elsewhere is read (docs/interop.md).
 *
 *   toNationalJson(kind, content)        the exact text signed on send and exported
 *   readReceived(kind, signedJson)        the receipt profile: {content, warnings, extensions, recognized}
 *   detectKind(signedJson)                the receipt profile of the kind that recognizes the document
 *   checkNationalExport(kind, text)       what the roaming hub would refuse in a national JSON text
 *   localizeNationalErrors(errors, t)     their texts (validation and interop namespaces)
 */
export { detectKind } from './detect';
export { checkNationalExport, nationalSchema } from './exportCheck';
export { localizeNationalErrors } from './localize';
export {
  documentDate,
  type Extension,
  parseReceived,
  type ReadOptions,
  type ReceivedDocument,
  readReceived,
} from './receive';
export { toNationalJson } from './serialize';
