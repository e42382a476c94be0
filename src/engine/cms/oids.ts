// Object identifiers used by E-IMZO certificates and by the CMS/TSP structures we build and check.

/** Subject attributes of Uzbek certificates (reference/eimzo.md §7). */
export const OID_LEGAL_TIN = '1.2.860.3.16.1.1';
export const OID_PINFL = '1.2.860.3.16.1.2';
export const OID_UID = '0.9.2342.19200300.100.1.1';
export const OID_CN = '2.5.4.3';
export const OID_SURNAME = '2.5.4.4';
export const OID_COUNTRY = '2.5.4.6';
export const OID_LOCALITY = '2.5.4.7';
export const OID_STATE = '2.5.4.8';
export const OID_ORGANIZATION = '2.5.4.10';
export const OID_ORGANIZATIONAL_UNIT = '2.5.4.11';
export const OID_TITLE = '2.5.4.12';
export const OID_BUSINESS_CATEGORY = '2.5.4.15';
export const OID_GIVEN_NAME = '2.5.4.41';

/** Key names E-IMZO-Server uses in `subjectName`/`subjectInfo` (eimzo.md §8.2). */
export const SUBJECT_KEYS: Record<string, string> = {
  [OID_CN]: 'CN',
  [OID_GIVEN_NAME]: 'Name',
  [OID_SURNAME]: 'SURNAME',
  [OID_ORGANIZATION]: 'O',
  [OID_ORGANIZATIONAL_UNIT]: 'OU',
  [OID_LOCALITY]: 'L',
  [OID_STATE]: 'ST',
  [OID_COUNTRY]: 'C',
  [OID_TITLE]: 'T',
  [OID_UID]: 'UID',
  [OID_BUSINESS_CATEGORY]: 'BusinessCategory',
  [OID_LEGAL_TIN]: OID_LEGAL_TIN,
  [OID_PINFL]: OID_PINFL,
};

export const OID_DATA = '1.2.840.113549.1.7.1';
export const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
export const OID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
export const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
export const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
/** id-aa-signatureTimeStampToken (RFC 3161 appendix A). */
export const OID_SIGNATURE_TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
export const OID_TST_INFO = '1.2.840.113549.1.9.16.1.4';
export const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
export const OID_EKU_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
/** Policy the demo TSA stamps under (the real test TSA uses 1.2.860.3.2.11.1). */
export const DEMO_TSA_POLICY = '1.2.860.3.2.11.1.99';
