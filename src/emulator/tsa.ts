// A local RFC 3161 timestamp authority over the demo TSA key (for the E-IMZO-Server stand-in and
// for LocalSignatureService via TSA_URL).
import fs from 'node:fs';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  certificatesFromPem,
  DEMO_TSA_POLICY,
  OID_CONTENT_TYPE,
  OID_MESSAGE_DIGEST,
  OID_SIGNED_DATA,
  OID_TST_INFO,
  toArrayBuffer,
} from '../engine/cms';
import { importSigningKey } from './cmsSign';

const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

export class DemoTsa {
  private constructor(
    private readonly key: CryptoKey,
    private readonly certificates: pkijs.Certificate[],
    private readonly name: string,
  ) {}

  static async load(certificatePemFile: string, keyPemFile: string, name: string): Promise<DemoTsa> {
    const certificates = certificatesFromPem(fs.readFileSync(certificatePemFile, 'utf8'));
    const keyB64 = fs
      .readFileSync(keyPemFile, 'utf8')
      .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
      .replace(/\s+/g, '');
    const key = await importSigningKey(new Uint8Array(Buffer.from(keyB64, 'base64')));
    return new DemoTsa(key, certificates, name);
  }

  /** A TimeStampToken (ContentInfo of SignedData over TSTInfo) for a message imprint. */
  async issue(messageImprint: pkijs.MessageImprint, nonce?: asn1js.Integer): Promise<pkijs.ContentInfo> {
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: DEMO_TSA_POLICY,
      messageImprint,
      serialNumber: new asn1js.Integer({
        valueHex: toArrayBuffer(
          crypto.getRandomValues(new Uint8Array(8)).map((b, i) => (i === 0 ? b & 0x7f : b)),
        ),
      }),
      genTime: new Date(),
      ...(nonce ? { nonce } : {}),
      tsa: new pkijs.GeneralName({ type: 6, value: this.name }),
    });
    const tstDer = tstInfo.toSchema().toBER(false);
    const [tsaCert] = this.certificates;
    const certHash = await crypto.subtle.digest('SHA-256', tsaCert.toSchema(true).toBER(false));
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID_TST_INFO,
        eContent: new asn1js.OctetString({ valueHex: tstDer }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: tsaCert.issuer,
            serialNumber: tsaCert.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: OID_CONTENT_TYPE,
                values: [new asn1js.ObjectIdentifier({ value: OID_TST_INFO })],
              }),
              new pkijs.Attribute({
                type: OID_MESSAGE_DIGEST,
                values: [new asn1js.OctetString({ valueHex: await crypto.subtle.digest('SHA-256', tstDer) })],
              }),
              // ESS signingCertificateV2 (RFC 5816): binds the token to the TSA certificate.
              new pkijs.Attribute({
                type: OID_SIGNING_CERTIFICATE_V2,
                values: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({
                        value: [
                          new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash })] }),
                        ],
                      }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        }),
      ],
      certificates: this.certificates,
    });
    await signedData.sign(this.key, 0, 'SHA-256');
    return new pkijs.ContentInfo({ contentType: OID_SIGNED_DATA, content: signedData.toSchema(true) });
  }

  /** A token over SHA-256 of a signature value (what E-IMZO stamps). */
  async stampSignature(signature: Uint8Array): Promise<pkijs.ContentInfo> {
    return this.issue(await pkijs.MessageImprint.create('SHA-256', toArrayBuffer(signature)));
  }

  /** RFC 3161 over HTTP: DER TimeStampReq in, DER TimeStampResp out (rejection on bad input). */
  async respond(requestDer: Uint8Array): Promise<Uint8Array> {
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(toArrayBuffer(requestDer));
    } catch {
      const rejection = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) });
      return new Uint8Array(rejection.toSchema().toBER(false));
    }
    const token = await this.issue(request.messageImprint, request.nonce);
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: 0 }),
      timeStampToken: token,
    });
    return new Uint8Array(response.toSchema().toBER(false));
  }
}
