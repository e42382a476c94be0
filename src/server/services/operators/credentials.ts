import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CredentialKey } from './credentialKey';

// Credentials sealed with AES-256-GCM: iv (12 bytes) | tag (16 bytes) | ciphertext of their JSON.
// The organisation and the provider are the associated data, so a sealed value copied to another
// organisation's row, or read as another provider's, fails to open instead of being used.

export type Credentials = Record<string, string>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

const aad = (organizationId: string, provider: string) =>
  Buffer.from(`hujjat:operator-binding:${organizationId}:${provider}`, 'utf8');

export function sealCredentials(
  key: CredentialKey,
  organizationId: string,
  provider: string,
  credentials: Credentials,
): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(organizationId, provider));
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), body]));
}

/** The credentials, or null when the value does not open with this key for this organisation and provider. */
export function openCredentials(
  key: CredentialKey,
  organizationId: string,
  provider: string,
  sealed: Uint8Array,
): Credentials | null {
  const bytes = Buffer.from(sealed);
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(aad(organizationId, provider));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    const value = JSON.parse(text.toString('utf8')) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return null;
  }
}

/** What may be shown of a credential: that it is set, and at most its last two characters of a long one. */
export function maskOf(value: string): string {
  return value.length >= 12 ? `••••${value.slice(-2)}` : '••••';
}
