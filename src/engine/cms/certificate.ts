// Reading Uzbek identity attributes out of X.509 certificates (pkijs objects).
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toArrayBuffer, toHex } from './bytes';
import { OID_LEGAL_TIN, OID_PINFL, OID_UID, SUBJECT_KEYS } from './oids';

export interface CertificateSummary {
  /** Lower-case hex without leading zeros, as E-IMZO prints it. */
  serialNumber: string;
  /** Attribute values by E-IMZO-Server key (CN, Name, SURNAME, O, T, UID, 1.2.860.3.16.1.1, …). */
  subject: Record<string, string>;
  /** `CN=…,Name=…,…` in certificate order. */
  subjectName: string;
  issuer: Record<string, string>;
  issuerName: string;
  validFrom: Date;
  validTo: Date;
}

export interface UzIdentity {
  /** Legal TIN (1.2.860.3.16.1.1), falling back to the personal TIN (UID). */
  tin?: string;
  pinfl?: string;
  uid?: string;
}

export function serialHex(serial: asn1js.Integer): string {
  return toHex(serial.valueBlock.valueHexView).replace(/^0+(?=.)/, '');
}

function attributeText(value: unknown): string {
  const block = (value as { valueBlock?: { value?: unknown } })?.valueBlock;
  if (block && typeof block.value === 'string') return block.value;
  return '';
}

function readName(name: pkijs.RelativeDistinguishedNames): { map: Record<string, string>; text: string } {
  const map: Record<string, string> = {};
  const parts: string[] = [];
  for (const tv of name.typesAndValues) {
    const key = SUBJECT_KEYS[tv.type] ?? tv.type;
    const value = attributeText(tv.value);
    if (!(key in map)) map[key] = value;
    parts.push(`${key}=${value}`);
  }
  return { map, text: parts.join(',') };
}

export function summarizeCertificate(cert: pkijs.Certificate): CertificateSummary {
  const subject = readName(cert.subject);
  const issuer = readName(cert.issuer);
  return {
    serialNumber: serialHex(cert.serialNumber),
    subject: subject.map,
    subjectName: subject.text,
    issuer: issuer.map,
    issuerName: issuer.text,
    validFrom: cert.notBefore.value,
    validTo: cert.notAfter.value,
  };
}

const digits = (value: string | undefined, length: number) =>
  value && new RegExp(`^\\d{${length}}$`).test(value.trim()) ? value.trim() : undefined;

/** TIN, PINFL and UID from subject attributes keyed as in {@link SUBJECT_KEYS}. */
export function identityOf(subject: Record<string, string>): UzIdentity {
  const legalTin = digits(subject[OID_LEGAL_TIN], 9);
  const uid = digits(subject.UID ?? subject[OID_UID], 9);
  const pinfl = digits(subject[OID_PINFL], 14);
  return { tin: legalTin ?? uid, pinfl, uid };
}

export function certificateFromDer(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}
