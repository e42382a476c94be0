// Which signatures this code can check: WebCrypto (pkijs) knows RSA and ECDSA with SHA-1/2; the
// national algorithms of real E-IMZO keys (O'zDSt 1092 signatures over O'zDSt 1106 hashes, under
// the arc 1.2.860.3.15) and the Russian GOST family (1.2.643) it does not.
import type * as pkijs from 'pkijs';

/** The national algorithms' arcs: Uzbekistan's O'zDSt (E-IMZO) and Russia's GOST R 34.10/34.11. */
const NATIONAL_ARCS = ['1.2.860.3.15.', '1.2.643.'];

const SUPPORTED = new Set([
  // digests
  '1.3.14.3.2.26', // SHA-1
  '2.16.840.1.101.3.4.2.1', // SHA-256
  '2.16.840.1.101.3.4.2.2', // SHA-384
  '2.16.840.1.101.3.4.2.3', // SHA-512
  // signatures and keys
  '1.2.840.113549.1.1.1', // rsaEncryption
  '1.2.840.113549.1.1.5', // sha1WithRSAEncryption
  '1.2.840.113549.1.1.10', // RSASSA-PSS
  '1.2.840.113549.1.1.11', // sha256WithRSAEncryption
  '1.2.840.113549.1.1.12', // sha384WithRSAEncryption
  '1.2.840.113549.1.1.13', // sha512WithRSAEncryption
  '1.2.840.10045.2.1', // ecPublicKey
  '1.2.840.10045.4.1', // ecdsa-with-SHA1
  '1.2.840.10045.4.3.2', // ecdsa-with-SHA256
  '1.2.840.10045.4.3.3', // ecdsa-with-SHA384
  '1.2.840.10045.4.3.4', // ecdsa-with-SHA512
]);

export function isNationalAlgorithm(oid: string): boolean {
  return NATIONAL_ARCS.some((arc) => oid.startsWith(arc));
}

/**
 * The first algorithm of a signer this code cannot check (its digest, its signature, its
 * certificate's key), or null when all are standard. Read before any cryptography: a GOST signature
 * run through WebCrypto would only come back "does not match", which is not true.
 */
export function unsupportedAlgorithm(
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.Certificate | null,
): string | null {
  return unsupportedAlgorithmOf([
    signerInfo.digestAlgorithm.algorithmId,
    signerInfo.signatureAlgorithm.algorithmId,
    certificate?.subjectPublicKeyInfo.algorithm.algorithmId,
    certificate?.signatureAlgorithm.algorithmId,
  ]);
}

/** The first of these algorithms (digest, signature, certificate key, certificate signature) not checked here. */
export function unsupportedAlgorithmOf(oids: Array<string | undefined>): string | null {
  return (
    oids
      .filter((oid): oid is string => Boolean(oid))
      .find((oid) => isNationalAlgorithm(oid) || !SUPPORTED.has(oid)) ?? null
  );
}
