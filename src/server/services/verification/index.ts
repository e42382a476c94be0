// The public verification of a signed document (docs/print.md §verification): the key behind the
// printed QR, and the check the /verify page shows.

export { type PublicVerification, type SignatureCheck, verifyDocument } from './check';
export { keyMatches, newVerificationKey, verificationKey, verificationUrl } from './keys';
