// A SignerInfo whose unsigned attributes are parsed only when something reads them. They hold the
// timestamp token — a whole CMS with the TSA's certificates, most of a signer's bytes — which the
// verifier reads from the received bytes (timestampTokenDer); parsing it with the signer cost two
// thirds of the signer's parse (profiled).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from './bytes';
import {
  childrenOf,
  contextTag,
  derElement,
  elementBytes,
  readWhole,
  TAG_OID,
  TAG_SEQUENCE,
  TAG_SET,
} from './der';

const receivedUnsigned = new WeakMap<pkijs.SignerInfo, Uint8Array>();

/** The unsignedAttrs element ([1]) as received, for a SignerInfo parsed by signerInfoFromDer and not changed since. */
export function receivedUnsignedAttributes(signerInfo: pkijs.SignerInfo): Uint8Array | undefined {
  return receivedUnsigned.get(signerInfo);
}

/** Unsigned attributes whose shape is plain DER: SEQUENCE { OID, SET } each. */
function wellFormedAttributes(unsigned: Uint8Array): boolean {
  const node = readWhole(unsigned);
  const attributes = node && childrenOf(unsigned, node);
  return Boolean(
    attributes?.every((attribute) => {
      const fields = childrenOf(unsigned, attribute);
      return (
        attribute.tag === TAG_SEQUENCE &&
        fields?.length === 2 &&
        fields[0].tag === TAG_OID &&
        fields[1].tag === TAG_SET
      );
    }),
  );
}

/** A SignerInfo from its DER element, the unsigned attributes parsed on first read. */
export function signerInfoFromDer(element: Uint8Array): pkijs.SignerInfo {
  const node = readWhole(element);
  const fields = node && childrenOf(element, node);
  const last = fields?.[fields.length - 1];
  const unsigned = last?.tag === contextTag(1) ? elementBytes(element, last) : null;
  if (!fields || !unsigned || !wellFormedAttributes(unsigned))
    return pkijs.SignerInfo.fromBER(toArrayBuffer(element));
  const signed = derElement(
    TAG_SEQUENCE,
    fields.slice(0, -1).map((field) => elementBytes(element, field)),
  );
  const signerInfo = pkijs.SignerInfo.fromBER(toArrayBuffer(signed));
  receivedUnsigned.set(signerInfo, unsigned);
  let parsed: pkijs.SignedAndUnsignedAttributes | undefined;
  Object.defineProperty(signerInfo, 'unsignedAttrs', {
    configurable: true,
    enumerable: true,
    get: () => {
      parsed ??= new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        schema: asn1js.fromBER(toArrayBuffer(unsigned)).result,
      });
      return parsed;
    },
    set: (value: pkijs.SignedAndUnsignedAttributes | undefined) => {
      // Replaced (a timestamp attached here): the received bytes no longer describe it.
      receivedUnsigned.delete(signerInfo);
      Object.defineProperty(signerInfo, 'unsignedAttrs', {
        value,
        writable: true,
        configurable: true,
        enumerable: true,
      });
    },
  });
  return signerInfo;
}
