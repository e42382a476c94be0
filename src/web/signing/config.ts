import { apiFetch } from '../api/client';
import { defaultCapiwsUrl } from './capiws';

/** What GET /api/Config/client tells the browser about E-IMZO. */
export interface EimzoClientConfig {
  wsUrl: string;
  /** `[domain, key, domain, key, …]` for the plug-in's `apikey` call. */
  apiKeys: string[];
  demo: boolean;
}

/** The vendor's published keys for local hosts (reference/eimzo.md §3.2), used when the server names none. */
export const PUBLIC_LOCAL_API_KEYS = [
  'localhost',
  '96D0C1491615C82B9A54D9989779DF825B690748224C2B04F500F370D51827CE2644D8D4A82C18184D73AB8530BB8ED537269603F61DB0D03D2104ABF789970B',
  '127.0.0.1',
  'A7BCFA5D490B351BE0754130DF03A068F855DB4333D43921125B9CF2670EF6A40370C646B90401955E1F7BC9CDBF59CE0B2C5467D820BE189C845D0B79CFC96F',
];

interface ServerConfig {
  eimzo?: {
    wsUrl?: string;
    wssUrl?: string;
    apiKey?: unknown;
    apiKeys?: unknown;
    domain?: string;
    minVersion?: string;
  };
  demo?: boolean;
}

/** Flattens the server's API key setting (one key for this host, a map, or pairs) into apikey arguments. */
export function apiKeyArguments(setting: unknown, hostname: string): string[] {
  if (typeof setting === 'string' && setting) return [hostname, setting];
  if (Array.isArray(setting)) {
    return setting.flatMap((entry) =>
      Array.isArray(entry)
        ? entry.map(String)
        : entry && typeof entry === 'object'
          ? [String((entry as any).domain), String((entry as any).key)]
          : [String(entry)],
    );
  }
  if (setting && typeof setting === 'object')
    return Object.entries(setting).flatMap(([domain, key]) => [domain, String(key)]);
  return [];
}

let cached: Promise<EimzoClientConfig> | null = null;

export function loadEimzoConfig(): Promise<EimzoClientConfig> {
  cached ??= apiFetch<ServerConfig>('/api/Config/client', { quiet: true })
    .then((config) => {
      const hostname = config?.eimzo?.domain || window.location.hostname;
      const keys = apiKeyArguments(config?.eimzo?.apiKey ?? config?.eimzo?.apiKeys, hostname);
      const secure = window.location.protocol === 'https:';
      return {
        wsUrl: (secure ? config?.eimzo?.wssUrl : config?.eimzo?.wsUrl) || defaultCapiwsUrl(),
        apiKeys: keys.length >= 2 ? keys : PUBLIC_LOCAL_API_KEYS,
        demo: config?.demo === true,
      };
    })
    .catch((error) => {
      cached = null;
      throw error;
    });
  return cached;
}
