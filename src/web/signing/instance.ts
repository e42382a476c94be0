import { EimzoClient } from './client';
import { loadEimzoConfig } from './config';

let client: Promise<EimzoClient> | null = null;

/** The page's E-IMZO client, configured from GET /api/Config/client. */
export function getEimzoClient(): Promise<EimzoClient> {
  client ??= loadEimzoConfig()
    .then((config) => new EimzoClient(config))
    .catch((error) => {
      client = null;
      throw error;
    });
  return client;
}
