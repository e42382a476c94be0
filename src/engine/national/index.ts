/**
 * The national format of documents (uz-edi.md §b): what is signed on send, what is exported, and how
 * a document made elsewhere is read.
 *
 *   toNationalJson(kind, content)   the exact text signed on send and exported
 *   readReceived(kind, signedJson)  the receipt profile: {content, warnings, extensions, recognized}
 */
export {
  documentDate,
  type Extension,
  parseReceived,
  type ReadOptions,
  type ReceivedDocument,
  readReceived,
} from './receive';
export { toNationalJson } from './serialize';
