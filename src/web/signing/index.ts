// The browser's E-IMZO client (DESIGN §6, docs/auth.md). Screens use `getEimzoClient()`; one client per page.
export { EimzoClient, fetchChallenge, timestampSignature, SERIAL_STORAGE_KEY, KEY_ID_STORAGE_KEY } from './client';
export type { Pkcs7Result } from './client';
export * from './certificate';
export { EimzoError, isSilentSigningError } from './errors';
export type { EimzoErrorKind } from './errors';
export { filterCertificates } from './fuzzy';
export { getEimzoClient } from './instance';
export { reportSigningError } from './reportSigningError';
export { useCertificates } from './useCertificates';
export { checkVersion } from './version';
