// Signature verification for the server (DESIGN §6). Build one service per app with
// `createSignatureService(app.config)`; see docs/signing.md.
import type { Config } from '../config';
import { EimzoServerSignatureService } from './eimzoServer';
import { LocalSignatureService } from './local';
import { SignatureError, type SignatureService } from './types';

export {
  type EimzoConfig,
  loadSigningConfig,
  OFFICIAL_DEV_API_KEYS,
  parseApiKeys,
  type SigningConfig,
} from './config';
export { type EimzoServerOptions, EimzoServerSignatureService } from './eimzoServer';
export { LocalSignatureService, type LocalSignatureServiceOptions } from './local';
export { type ExpectedPayload, verifySignedPayload } from './payload';
export * from './types';

/** Answers every call with SERVER_UNAVAILABLE: signing is not configured on this instance. */
class UnconfiguredSignatureService implements SignatureService {
  readonly kind = 'unconfigured' as const;
  private fail(): never {
    throw new SignatureError(
      'SERVER_UNAVAILABLE',
      'Signature verification is not configured (set EIMZO_SERVER_URL or TRUSTED_CA_FILE)',
    );
  }
  async verifyAttached(): Promise<never> {
    this.fail();
  }
  async verifyDocument(): Promise<never> {
    this.fail();
  }
  async timestamp(): Promise<never> {
    this.fail();
  }
  async join(): Promise<never> {
    this.fail();
  }
  async makeAttached(): Promise<never> {
    this.fail();
  }
}

/**
 * The configured verifier: E-IMZO-Server (production; the emulator's stand-in in demo mode) or the
 * local verifier trusting TRUSTED_CA_FILE — which hands the signers it cannot check (the national
 * GOST algorithms) to E-IMZO-Server when EIMZO_SERVER_URL is set too. Never throws: a missing
 * configuration (or an unreadable CA file) yields a service whose calls fail with SERVER_UNAVAILABLE.
 */
export function createSignatureService(config: Pick<Config, 'signing'>): SignatureService {
  const signing = config.signing;
  if (!signing?.service) return new UnconfiguredSignatureService();
  const eimzoServer = signing.eimzoServerUrl
    ? new EimzoServerSignatureService({ baseUrl: signing.eimzoServerUrl, timeoutMs: signing.timeoutMs })
    : null;
  if (signing.service === 'eimzo-server' && eimzoServer) return eimzoServer;
  try {
    return LocalSignatureService.fromFiles(signing.trustedCaFiles, {
      tsaUrl: signing.tsaUrl,
      timeoutMs: signing.timeoutMs,
      fallback: eimzoServer,
    });
  } catch {
    return new UnconfiguredSignatureService();
  }
}
