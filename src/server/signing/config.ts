// Signing settings from the environment (documented in docs/signing.md).
import path from 'node:path';
import { EIMZO_MIN_VERSION } from '../../engine/constants';

export type SignatureServiceKind = 'eimzo-server' | 'local';

export interface SigningConfig {
  /** Which verifier `createSignatureService` builds; null when nothing is configured. */
  service: SignatureServiceKind | null;
  /** E-IMZO-Server base URL (its /backend routes must be reachable from here only). */
  eimzoServerUrl: string | null;
  /** PEM files of the CA certificates the local verifier trusts. */
  trustedCaFiles: string[];
  /** RFC 3161 timestamp authority the local service uses (HTTP POST application/timestamp-query). */
  tsaUrl: string | null;
  /** Per-request timeout towards E-IMZO-Server and the TSA. */
  timeoutMs: number;
}

export interface EimzoConfig {
  /** Where browsers find the plug-in on http pages (the emulator listens here in demo mode). */
  wsUrl: string;
  /** Where browsers find the plug-in on https pages. */
  wssUrl: string;
  /** Plug-in API keys by domain; the browser sends the one for its host. */
  apiKeys: Record<string, string>;
  minVersion: string;
  /** Demo mode: ports of the emulator's plug-in WebSocket and E-IMZO-Server stand-in. */
  emulatorWsPort: number;
  emulatorServerPort: number;
  /** Demo mode: the running emulator's control channel (set once it listens). */
  emulatorControlUrl?: string | null;
}

/** The vendor's published keys for local development (reference/eimzo.md §3.2). */
export const OFFICIAL_DEV_API_KEYS: Record<string, string> = {
  localhost:
    '96D0C1491615C82B9A54D9989779DF825B690748224C2B04F500F370D51827CE2644D8D4A82C18184D73AB8530BB8ED537269603F61DB0D03D2104ABF789970B',
  '127.0.0.1':
    'A7BCFA5D490B351BE0754130DF03A068F855DB4333D43921125B9CF2670EF6A40370C646B90401955E1F7BC9CDBF59CE0B2C5467D820BE189C845D0B79CFC96F',
  null: 'E0A205EC4E7B78BBB56AFF83A733A1BB9FD39D562E67978CC5E7D73B0951DB1954595A20672A63332535E13CC6EC1E1FC8857BB09E0855D7E76E411B6FA16E9D',
};

export const DEFAULT_EIMZO_WS_PORT = 64646;
export const DEFAULT_EIMZO_WSS_PORT = 64443;
export const DEFAULT_EMULATOR_SERVER_PORT = 64647;

export class SigningConfigError extends Error {
  override name = 'SigningConfigError';
}

function integer(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw new SigningConfigError(`${name} must be a number up to ${max}, got "${raw}"`);
  return Number(raw);
}

const port = (name: string, raw: string | undefined, fallback: number) => integer(name, raw, fallback, 65535);

function url(name: string, raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  try {
    const parsed = new URL(raw.trim());
    if (!/^(https?|wss?):$/.test(parsed.protocol)) throw new Error();
    return raw.trim().replace(/\/+$/, '');
  } catch {
    throw new SigningConfigError(`${name} must be an http(s) or ws(s) URL, got "${raw}"`);
  }
}

/** `domain=KEY,domain2=KEY2` → record; keys are 128 hex characters. */
export function parseApiKeys(raw: string | undefined): Record<string, string> {
  const keys: Record<string, string> = {};
  if (!raw?.trim()) return keys;
  for (const pair of raw.split(/[,\s]+/).filter(Boolean)) {
    const m = /^([^=]+)=([0-9A-Fa-f]{128})$/.exec(pair);
    if (!m)
      throw new SigningConfigError(
        `EIMZO_API_KEYS entries must look like domain=<128 hex>, got "${pair.slice(0, 40)}"`,
      );
    keys[m[1].toLowerCase()] = m[2].toUpperCase();
  }
  return keys;
}

export interface SigningEnvironment {
  dataDir: string;
  demo: boolean;
  production: boolean;
}

export function loadSigningConfig(
  env: NodeJS.ProcessEnv,
  ctx: SigningEnvironment,
): { signing: SigningConfig; eimzo: EimzoConfig } {
  const emulatorWsPort = port('EIMZO_WS_PORT', env.EIMZO_WS_PORT, DEFAULT_EIMZO_WS_PORT);
  const emulatorServerPort = port(
    'EIMZO_EMULATOR_SERVER_PORT',
    env.EIMZO_EMULATOR_SERVER_PORT,
    DEFAULT_EMULATOR_SERVER_PORT,
  );
  const demoServer = `http://127.0.0.1:${emulatorServerPort}`;
  // Demo defaults never apply to a production configuration.
  const demo = ctx.demo && !ctx.production;
  const eimzoServerUrl = url('EIMZO_SERVER_URL', env.EIMZO_SERVER_URL) ?? (demo ? demoServer : null);
  const trustedCaFiles = (env.TRUSTED_CA_FILE ?? '')
    .split(path.delimiter)
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => path.resolve(f));
  if (demo && trustedCaFiles.length === 0)
    trustedCaFiles.push(path.join(ctx.dataDir, 'demo-pki', 'ca', 'root.pem'));
  const tsaUrl = url('TSA_URL', env.TSA_URL) ?? (demo ? `${demoServer}/tsa` : null);

  let service: SignatureServiceKind | null;
  const requested = env.SIGNATURE_SERVICE?.trim();
  if (requested === 'eimzo-server' || requested === 'local') service = requested;
  else if (requested)
    throw new SigningConfigError(`SIGNATURE_SERVICE must be eimzo-server or local, got "${requested}"`);
  else service = eimzoServerUrl ? 'eimzo-server' : trustedCaFiles.length ? 'local' : null;
  if (service === 'eimzo-server' && !eimzoServerUrl) {
    throw new SigningConfigError('SIGNATURE_SERVICE=eimzo-server needs EIMZO_SERVER_URL');
  }
  if (service === 'local' && trustedCaFiles.length === 0) {
    throw new SigningConfigError('SIGNATURE_SERVICE=local needs TRUSTED_CA_FILE');
  }

  const wsPort = demo ? emulatorWsPort : DEFAULT_EIMZO_WS_PORT;
  return {
    signing: {
      service,
      eimzoServerUrl,
      trustedCaFiles,
      tsaUrl,
      timeoutMs: integer('EIMZO_TIMEOUT_MS', env.EIMZO_TIMEOUT_MS, 30_000, 600_000),
    },
    eimzo: {
      wsUrl: url('EIMZO_WS_URL', env.EIMZO_WS_URL) ?? `ws://127.0.0.1:${wsPort}/service/cryptapi`,
      wssUrl:
        url('EIMZO_WSS_URL', env.EIMZO_WSS_URL) ??
        `wss://127.0.0.1:${DEFAULT_EIMZO_WSS_PORT}/service/cryptapi`,
      apiKeys: { ...OFFICIAL_DEV_API_KEYS, ...parseApiKeys(env.EIMZO_API_KEYS) },
      minVersion: EIMZO_MIN_VERSION,
      emulatorWsPort,
      emulatorServerPort,
    },
  };
}
