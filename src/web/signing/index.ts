// The browser's E-IMZO client (DESIGN §6). Screens use `getEimzoClient()`; one client per page.
import { EimzoClient } from './client';
import { loadEimzoConfig } from './config';

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
export { filterCertificates } from './fuzzy';
export { checkVersion } from './version';

let client: Promise<EimzoClient> | null = null;

export function getEimzoClient(): Promise<EimzoClient> {
  client ??= loadEimzoConfig()
    .then((config) => new EimzoClient(config))
    .catch((error) => {
      client = null;
      throw error;
    });
  return client;
}
