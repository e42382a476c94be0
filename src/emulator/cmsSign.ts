// Creating CMS SignedData the way the plug-in's create_pkcs7 does (eimzo.md §6.2), over standard
// algorithms: signedAttrs contentType + signingTime (UTCTime) + messageDigest, sid
// issuerAndSerialNumber, the full chain in `certificates`, content attached unless detached.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  encodeCms,
  OID_CONTENT_TYPE,
  OID_DATA,
  OID_MESSAGE_DIGEST,
  OID_SIGNING_TIME,
  serialHex,
  toArrayBuffer,
  toHex,
} from '../engine/cms';

const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const OID_RSA = '1.2.840.113549.1.1.1';
const CURVES: Record<string, string> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};

/** Imports a PKCS#8 private key (EC or RSA) for signing with SHA-256. */
export async function importSigningKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  const info = pkijs.PrivateKeyInfo.fromBER(toArrayBuffer(pkcs8));
  const algorithmId = info.privateKeyAlgorithm.algorithmId;
  if (algorithmId === OID_EC_PUBLIC_KEY) {
    const curveOid = (
      info.privateKeyAlgorithm.algorithmParams as asn1js.ObjectIdentifier
    ).valueBlock.toString();
    const namedCurve = CURVES[curveOid];
    if (!namedCurve) throw new Error(`unsupported curve ${curveOid}`);
    return crypto.subtle.importKey('pkcs8', toArrayBuffer(pkcs8), { name: 'ECDSA', namedCurve }, false, [
      'sign',
    ]);
  }
  if (algorithmId === OID_RSA) {
    return crypto.subtle.importKey(
      'pkcs8',
      toArrayBuffer(pkcs8),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  }
  throw new Error(`unsupported key algorithm ${algorithmId}`);
}

export interface SignInput {
  data: Uint8Array;
  detached: boolean;
  privateKey: CryptoKey;
  /** DER, signer first, then issuing CA and root. */
  certificates: Uint8Array[];
  signingTime?: Date;
}

export interface SignOutput {
  pkcs7: Uint8Array;
  /** Lower-case hex without leading zeros. */
  signerSerialNumber: string;
  signatureHex: string;
}

export async function createPkcs7(input: SignInput): Promise<SignOutput> {
  const certs = input.certificates.map((der) => pkijs.Certificate.fromBER(toArrayBuffer(der)));
  const [signerCert] = certs;
  const digest = await crypto.subtle.digest('SHA-256', toArrayBuffer(input.data));
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({
        type: OID_CONTENT_TYPE,
        values: [new asn1js.ObjectIdentifier({ value: OID_DATA })],
      }),
      new pkijs.Attribute({
        type: OID_SIGNING_TIME,
        values: [new asn1js.UTCTime({ valueDate: input.signingTime ?? new Date() })],
      }),
      new pkijs.Attribute({
        type: OID_MESSAGE_DIGEST,
        values: [new asn1js.OctetString({ valueHex: digest })],
      }),
    ],
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID_DATA,
      ...(input.detached
        ? {}
        : { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(input.data) }) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: signerCert.issuer,
          serialNumber: signerCert.serialNumber,
        }),
        signedAttrs,
      }),
    ],
    certificates: certs,
  });
  await signedData.sign(input.privateKey, 0, 'SHA-256');
  const signature = signedData.signerInfos[0].signature.valueBlock.valueHexView;
  return {
    pkcs7: encodeCms(signedData),
    signerSerialNumber: serialHex(signerCert.serialNumber),
    signatureHex: toHex(signature),
  };
}
