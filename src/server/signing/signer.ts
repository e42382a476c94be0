// Mapping verified certificates (local CMS check or E-IMZO-Server JSON) to SignerIdentity.
import { type CertificateSummary, fromBase64, identityOf } from '../../engine/cms';
import { SignatureError, type SignerIdentity } from './types';

export function signerFromSummary(cert: CertificateSummary): SignerIdentity {
  return signerFromSubject(cert.subject, {
    serialNumber: cert.serialNumber,
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    issuerCN: cert.issuer.CN ?? cert.issuerName,
  });
}

export function signerFromSubject(
  subject: Record<string, string>,
  rest: Pick<SignerIdentity, 'serialNumber' | 'validFrom' | 'validTo' | 'issuerCN'>,
): SignerIdentity {
  const { tin, pinfl, uid } = identityOf(subject);
  const signer: SignerIdentity = {
    ...rest,
    serialNumber: rest.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    subjectCN: subject.CN ?? '',
    subject,
  };
  if (subject.O) signer.organization = subject.O;
  if (subject.T) signer.title = subject.T;
  if (tin) signer.tin = tin;
  if (pinfl) signer.pinfl = pinfl;
  if (uid) signer.uid = uid;
  return signer;
}

/** Hujjat acts only for identified parties: a certificate without TIN and PINFL is refused. */
export function requireIdentity(signer: SignerIdentity): SignerIdentity {
  if (!signer.tin && !signer.pinfl) {
    throw new SignatureError('NO_IDENTITY', 'The certificate carries neither a TIN nor a PINFL');
  }
  return signer;
}

export function decodePkcs7(pkcs7b64: string): Uint8Array {
  try {
    return fromBase64(pkcs7b64);
  } catch {
    throw new SignatureError('MALFORMED', 'The signature is not Base64');
  }
}
