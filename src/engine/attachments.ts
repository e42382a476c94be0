// Attachments of a document (issue 27.6): what the server accepts (src/server/limits.ts
// ATTACHMENT_MAX_BYTES is built from this) and what the upload dialog states.

/** The largest attachment, in MiB. */
export const ATTACHMENT_MAX_MB = 10;
/** The types an attachment may be — read by the server from the bytes, not the name. */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
