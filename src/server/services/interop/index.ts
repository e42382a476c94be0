// The receiving path (issue 19, docs/interop.md): documents made elsewhere — a CMS and its exact
// signed JSON — imported as received, read through the receipt profile, signer by signer.
export { type ImportedDocument, type InteropContext, importReceived } from './import';
export { type ReceivedInput, type ReceivedRecord, readReceivedRecord } from './received';
export { matchSigners, type SignerMatch, type SignerReport, verifySigners } from './signers';
export { receivedState } from './status';
export { type ReceiptFindings, storeReceivedDocument } from './store';
