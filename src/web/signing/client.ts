import { apiFetch } from '../api/client';
import { CapiwsConnectionError, type CapiwsReply, type CapiwsRequest, callCapiws } from './capiws';
import { type Certificate, certificateFromPfx, certificateFromToken } from './certificate';
import type { EimzoClientConfig } from './config';
import { EimzoError, errorFromReply } from './errors';
import { checkVersion } from './version';

// The E-IMZO client of DESIGN §6: talks to the plug-in (or the demo emulator) over its WebSocket.

/** Spec §4: the chosen certificate's serial number and key code stay in local storage. */
export const SERIAL_STORAGE_KEY = 'eimzo.serialNumber';
export const KEY_ID_STORAGE_KEY = 'eimzo.keyId';

export interface Pkcs7Result {
  pkcs7_64: string;
  signer_serial_number?: string;
  signature_hex?: string;
}

/** Standard Base64 of bytes (UTF-8 for text), as the plug-in expects its data argument. */
export function toBase64(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the key is simply loaded again next time */
  }
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export class EimzoClient {
  private ready: Promise<string> | null = null;

  constructor(
    private readonly config: EimzoClientConfig,
    private readonly WebSocketImpl: typeof WebSocket = WebSocket,
  ) {}

  private async call(request: CapiwsRequest): Promise<CapiwsReply> {
    try {
      return await callCapiws(this.config.wsUrl, request, this.WebSocketImpl);
    } catch (error) {
      if (error instanceof CapiwsConnectionError) throw new EimzoError('notRunning', error.message);
      throw error;
    }
  }

  private async callOk(request: CapiwsRequest): Promise<CapiwsReply> {
    const reply = await this.call(request);
    if (reply.success !== true) throw errorFromReply(reply);
    return reply;
  }

  /** Version check (≥ 3.36) and API key registration; once per page, retried after a failure. */
  install(): Promise<string> {
    this.ready ??= (async () => {
      const version = checkVersion(
        (await this.call({ name: 'version' })) as { major?: unknown; minor?: unknown; patch?: unknown },
      );
      if (!version.ok)
        throw new EimzoError(
          version.reason === 'undefined' ? 'versionUndefined' : 'versionTooOld',
          version.version ?? '',
        );
      const reply = await this.call({ name: 'apikey', arguments: this.config.apiKeys });
      if (reply.success !== true) {
        const error = errorFromReply(reply);
        throw error.kind === 'apiKeyInvalid'
          ? error
          : new EimzoError('initFailed', error.message, error.status);
      }
      return version.version;
    })().catch((error) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** File keys and token keys that name a TIN or PINFL (others are skipped, spec §3). */
  async listCertificates(): Promise<Certificate[]> {
    await this.install();
    const reply = await this.call({ plugin: 'pfx', name: 'list_all_certificates' });
    if (reply.success !== true) {
      const error = errorFromReply(reply);
      throw error.kind === 'plugin' ? new EimzoError('apiKeyInvalid', error.message, error.status) : error;
    }
    const files = ((reply.certificates as any[]) ?? []).map(certificateFromPfx);
    return [...files, ...(await this.listTokens())].filter((c): c is Certificate => c !== null);
  }

  /** Legacy FT Javacard tokens; plug-ins without the function simply have none. */
  private async listTokens(): Promise<Array<Certificate | null>> {
    try {
      const reply = await this.call({ plugin: 'ftjc', name: 'list_all_keys', arguments: [''] });
      if (reply.success !== true || !Array.isArray(reply.tokens)) return [];
      return (reply.tokens as any[]).map(certificateFromToken);
    } catch {
      return [];
    }
  }

  async loadKey(cert: Certificate): Promise<string> {
    await this.install();
    const reply =
      cert.type === 'ftjc'
        ? await this.callOk({ plugin: 'ftjc', name: 'load_key', arguments: [cert.cardUID ?? cert.name] })
        : await this.callOk({
            plugin: 'pfx',
            name: 'load_key',
            arguments: [cert.disk, cert.path, cert.name, cert.alias],
          });
    const keyId = String(reply.keyId ?? '');
    if (!keyId) throw new EimzoError('plugin', 'load_key returned no keyId');
    store(SERIAL_STORAGE_KEY, cert.serialNumber);
    store(KEY_ID_STORAGE_KEY, keyId);
    return keyId;
  }

  /** Asks for the key password (PIN) now, as the signing flow of spec §4 does before signing. */
  async verifyPassword(cert: Certificate, keyId: string): Promise<void> {
    if (cert.type === 'ftjc')
      await this.callOk({ plugin: 'ftjc', name: 'verify_pin', arguments: [keyId, '1'] });
    else await this.callOk({ plugin: 'pfx', name: 'verify_password', arguments: [keyId] });
  }

  /**
   * The document signing flow of spec §4: load the key, verify the password, create the attached
   * PKCS#7 over exactly `data`, then (optionally) attach the server's timestamp.
   */
  async signDocument(
    cert: Certificate,
    data: string | Uint8Array,
    options: { timestamp?: boolean } = {},
  ): Promise<string> {
    await this.install();
    const keyId = await this.loadKey(cert);
    await this.verifyPassword(cert, keyId);
    const { pkcs7_64 } = await this.createPkcs7(data, keyId);
    return options.timestamp ? timestampSignature(pkcs7_64) : pkcs7_64;
  }

  async createPkcs7(data: string | Uint8Array, keyId: string): Promise<Pkcs7Result> {
    const reply = await this.callOk({
      plugin: 'pkcs7',
      name: 'create_pkcs7',
      arguments: [toBase64(data), keyId, 'no'],
    });
    return {
      pkcs7_64: String(reply.pkcs7_64 ?? ''),
      signer_serial_number: reply.signer_serial_number as string | undefined,
      signature_hex: reply.signature_hex as string | undefined,
    };
  }

  /**
   * Attached PKCS#7 over `data` with the certificate's key. Reuses the key code kept for the same
   * certificate; the plug-in forgets keys after a while (-1010…), then the key is loaded again.
   */
  async sign(cert: Certificate, data: string | Uint8Array): Promise<Pkcs7Result> {
    await this.install();
    const keptKey = stored(SERIAL_STORAGE_KEY) === cert.serialNumber ? stored(KEY_ID_STORAGE_KEY) : null;
    if (keptKey) {
      try {
        return await this.createPkcs7(data, keptKey);
      } catch (error) {
        if (!(error instanceof EimzoError) || error.kind !== 'plugin') throw error;
      }
    }
    return this.createPkcs7(data, await this.loadKey(cert));
  }
}

/** A challenge from the server to sign; 'No challenge' when it gives none (spec §8). */
export async function fetchChallenge(purpose: 'auth' | 'register'): Promise<string> {
  try {
    const reply = await apiFetch<{ data?: { challenge?: string } }>('/api/Eimzo/getChallenge', {
      query: { purpose },
      quiet: true,
    });
    if (reply?.data?.challenge) return reply.data.challenge;
  } catch {
    /* reported below */
  }
  throw new EimzoError('noChallenge', 'No challenge');
}

/** The signature with a server timestamp attached; an empty or 204 answer is a failure (code 500). */
export async function timestampSignature(pkcs7_64: string): Promise<string> {
  let reply: { pkcs7b64?: string } | undefined;
  try {
    reply = await apiFetch<{ pkcs7b64?: string }>('/api/Eimzo/getTimeStamp', {
      method: 'POST',
      body: { pkcs7: pkcs7_64 },
    });
  } catch {
    reply = undefined;
  }
  if (!reply?.pkcs7b64) throw new EimzoError('timestampFailed');
  return reply.pkcs7b64;
}
