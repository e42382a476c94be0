// The browser's E-IMZO client (DESIGN §6, docs/auth.md). Screens use `getEimzoClient()`; one client per page.

export * from './certificate';
export type { Pkcs7Result } from './client';
export {
  EimzoClient,
  fetchChallenge,
  KEY_ID_STORAGE_KEY,
  SERIAL_STORAGE_KEY,
  timestampSignature,
} from './client';
export type { EimzoErrorKind } from './errors';
export { EimzoError, isSilentSigningError } from './errors';
export { getEimzoClient } from './instance';
export { reportSigningError } from './reportSigningError';
export { preloadCertificateFilter, useCertificateFilter } from './useCertificateFilter';
export { useCertificates } from './useCertificates';
export { checkVersion } from './version';
