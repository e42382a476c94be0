// Certificate path from a signer up to a trusted anchor, with validity at a reference time.
import * as pkijs from 'pkijs';
import { bytesEqual } from './bytes';
import { CmsVerificationError } from './parse';

const MAX_DEPTH = 6;

// Certificate objects are shared (certificateCache) and only read, so what is learnt of one holds:
// its encoding, and the issuers whose signature on it has verified.
const encodings = new WeakMap<pkijs.Certificate, Uint8Array>();
const verifiedIssuers = new WeakMap<pkijs.Certificate, WeakSet<pkijs.Certificate>>();

function der(cert: pkijs.Certificate): Uint8Array {
  let encoded = encodings.get(cert);
  if (!encoded) {
    encoded = new Uint8Array(cert.toSchema(true).toBER(false));
    encodings.set(cert, encoded);
  }
  return encoded;
}

/** Whether `issuer`'s key verifies the signature on `cert` (a success is remembered). */
async function signedBy(cert: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  if (verifiedIssuers.get(cert)?.has(issuer)) return true;
  const ok = await cert.verify(issuer).catch(() => false);
  if (ok) {
    const issuers = verifiedIssuers.get(cert) ?? new WeakSet<pkijs.Certificate>();
    issuers.add(issuer);
    verifiedIssuers.set(cert, issuers);
  }
  return ok;
}

function basicConstraintsCa(cert: pkijs.Certificate): boolean {
  const ext = cert.extensions?.find((e) => e.extnID === '2.5.29.19');
  return Boolean((ext?.parsedValue as pkijs.BasicConstraints | undefined)?.cA);
}

/** KeyUsage bits as a number (bit 0 = digitalSignature … bit 8 = decipherOnly); null when absent. */
function keyUsage(cert: pkijs.Certificate): number | null {
  const ext = cert.extensions?.find((e) => e.extnID === '2.5.29.15');
  const bits = (ext?.parsedValue as { valueBlock?: { valueHexView?: Uint8Array } } | undefined)?.valueBlock
    ?.valueHexView;
  if (!bits) return null;
  let value = 0;
  for (let i = 0; i < 9; i++) if ((bits[i >> 3] ?? 0) & (0x80 >> (i & 7))) value |= 1 << i;
  return value;
}

const DIGITAL_SIGNATURE = 1 << 0;
const NON_REPUDIATION = 1 << 1;
const KEY_CERT_SIGN = 1 << 5;

function isCa(cert: pkijs.Certificate): boolean {
  const usage = keyUsage(cert);
  return basicConstraintsCa(cert) && (usage === null || (usage & KEY_CERT_SIGN) !== 0);
}

/** An end-entity certificate whose key may sign documents (not a CA, usage allows signatures). */
function isSigningCertificate(cert: pkijs.Certificate): boolean {
  const usage = keyUsage(cert);
  return (
    !basicConstraintsCa(cert) && (usage === null || (usage & (DIGITAL_SIGNATURE | NON_REPUDIATION)) !== 0)
  );
}

function validAt(cert: pkijs.Certificate, at: Date): boolean {
  return cert.notBefore.value.getTime() <= at.getTime() && at.getTime() <= cert.notAfter.value.getTime();
}

/**
 * Builds and checks the path leaf → … → trusted anchor. The leaf's own validity is reported as
 * CERT_EXPIRED / CERT_NOT_YET_VALID; anything wrong above it is UNTRUSTED_CHAIN.
 */
export async function verifyChain(
  leaf: pkijs.Certificate,
  intermediates: pkijs.Certificate[],
  trusted: pkijs.Certificate[],
  at: Date,
): Promise<pkijs.Certificate[]> {
  if (!isSigningCertificate(leaf)) {
    throw new CmsVerificationError('UNTRUSTED_CHAIN', 'The certificate is not meant for signing');
  }
  if (at.getTime() > leaf.notAfter.value.getTime()) {
    throw new CmsVerificationError('CERT_EXPIRED', 'The signer certificate has expired');
  }
  if (at.getTime() < leaf.notBefore.value.getTime()) {
    throw new CmsVerificationError('CERT_NOT_YET_VALID', 'The signer certificate is not valid yet');
  }
  const trustedDer = trusted.map(der);
  const isTrusted = (c: pkijs.Certificate) => {
    const d = der(c);
    return trustedDer.some((t) => bytesEqual(t, d));
  };
  const pool = [...intermediates, ...trusted];
  const path = [leaf];
  let current = leaf;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (isTrusted(current)) return path;
    let next: pkijs.Certificate | null = null;
    for (const candidate of pool) {
      if (!candidate.subject.isEqual(current.issuer) || !isCa(candidate)) continue;
      if (await signedBy(current, candidate)) {
        next = candidate;
        break;
      }
    }
    if (!next) break;
    if (!validAt(next, at)) {
      throw new CmsVerificationError('UNTRUSTED_CHAIN', 'A certificate authority in the chain is not valid');
    }
    // A self-signed certificate that is not an anchor ends the search.
    if (next === current) break;
    path.push(next);
    current = next;
  }
  throw new CmsVerificationError(
    'UNTRUSTED_CHAIN',
    'The signer certificate is not issued by a trusted authority',
  );
}

export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    const b64 = block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    const binary = atob(b64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return pkijs.Certificate.fromBER(bytes.buffer);
  });
}
