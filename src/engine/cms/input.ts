// Reading a CMS as people and systems hand it over: a .p7s file (DER), its Base64 text (E-IMZO's
// pkcs7_64, Didox's signature), or PEM; and making a detached one attached to its content.
import * as asn1js from 'asn1js';
import { fromBase64 } from './bytes';
import { encodeCms, parseCms } from './parse';

const PEM = /-----BEGIN (?:PKCS7|CMS|SIGNED DATA)-----([\s\S]*?)-----END (?:PKCS7|CMS|SIGNED DATA)-----/;

/** DER bytes of a CMS given as DER, Base64 or PEM; throws when it is none of these. */
export function decodeCms(input: string | Uint8Array): Uint8Array {
  if (input instanceof Uint8Array) {
    // DER (and BER) SignedData starts with a SEQUENCE tag.
    if (input[0] === 0x30) return input;
    return decodeCms(new TextDecoder().decode(input));
  }
  const text = input.trim();
  const pem = PEM.exec(text);
  return fromBase64(pem ? pem[1] : text);
}

/**
 * The same SignedData carrying `content` as its encapsulated content: a detached signature made
 * attached (the signatures stay valid — they sign the content's digest, not where it is kept).
 * An attached one is returned as it is.
 */
export function attachContent(der: Uint8Array, content: Uint8Array): Uint8Array {
  const { signedData, content: held } = parseCms(der);
  if (held) return der;
  signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content.slice().buffer });
  return encodeCms(signedData);
}
