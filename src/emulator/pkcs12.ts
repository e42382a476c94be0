// PKCS#12 (PFX) files as E-IMZO keeps them: the key bag's friendlyName is the E-IMZO alias and sits
// in an unencrypted SafeContents (readable without the password); the certificate chain is
// password-encrypted; integrity is an HMAC under the password. Layout as OpenSSL writes it.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from '../engine/cms';

const OID_FRIENDLY_NAME = '1.2.840.113549.1.9.20';
const OID_LOCAL_KEY_ID = '1.2.840.113549.1.9.21';
const OID_SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const OID_CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const ITERATIONS = 2048;

function passwordBytes(password: string): ArrayBuffer {
  return toArrayBuffer(new TextEncoder().encode(password));
}

export interface Pkcs12Input {
  alias: string;
  password: string;
  /** PKCS#8 DER of the private key. */
  privateKey: Uint8Array;
  /** Leaf first, then issuing CA, then root. */
  certificates: Uint8Array[];
}

export async function writePkcs12(input: Pkcs12Input): Promise<Uint8Array> {
  const password = passwordBytes(input.password);
  const localKeyId = crypto.getRandomValues(new Uint8Array(8));
  const encryption = {
    password,
    contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256 } as pkijs.ContentEncryptionAlgorithm,
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: ITERATIONS,
  };
  const friendly = new pkijs.Attribute({
    type: OID_FRIENDLY_NAME,
    values: [new asn1js.BmpString({ value: input.alias })],
  });
  const keyId = new pkijs.Attribute({
    type: OID_LOCAL_KEY_ID,
    values: [new asn1js.OctetString({ valueHex: toArrayBuffer(localKeyId) })],
  });
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({
    parsedValue: pkijs.PrivateKeyInfo.fromBER(toArrayBuffer(input.privateKey)),
  });
  await keyBag.makeInternalValues(encryption);
  const certBags = input.certificates.map(
    (der, index) =>
      new pkijs.SafeBag({
        bagId: OID_CERT_BAG,
        bagValue: new pkijs.CertBag({ parsedValue: pkijs.Certificate.fromBER(toArrayBuffer(der)) }),
        bagAttributes: index === 0 ? [friendly, keyId] : undefined,
      }),
  );
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            { privacyMode: 1, value: new pkijs.SafeContents({ safeBags: certBags }) },
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: OID_SHROUDED_KEY_BAG,
                    bagValue: keyBag,
                    bagAttributes: [friendly, keyId],
                  }),
                ],
              }),
            },
          ],
        },
      }),
    },
  });
  await pfx.parsedValue!.authenticatedSafe!.makeInternalValues({ safeContents: [encryption, {}] });
  await pfx.makeInternalValues({
    password,
    iterations: ITERATIONS,
    pbkdf2HashAlgorithm: { name: 'SHA-256' },
    hmacHashAlgorithm: 'SHA-256',
  });
  return new Uint8Array(pfx.toSchema().toBER(false));
}

function authenticatedSafeOf(pfx: pkijs.PFX): pkijs.AuthenticatedSafe {
  if (pfx.authSafe.contentType !== pkijs.ContentInfo.DATA) throw new Error('unsupported PFX integrity mode');
  return pkijs.AuthenticatedSafe.fromBER((pfx.authSafe.content as asn1js.OctetString).getValue());
}

function friendlyNameOf(bag: pkijs.SafeBag): string | null {
  const attr = bag.bagAttributes?.find((a) => a.type === OID_FRIENDLY_NAME);
  const value = attr?.values[0] as { valueBlock?: { value?: string } } | undefined;
  return typeof value?.valueBlock?.value === 'string' ? value.valueBlock.value : null;
}

/**
 * Aliases readable without a password, as the plug-in lists them: key-bag friendlyNames from
 * unencrypted SafeContents (cert-bag names only when the file has no key bag).
 */
export function readPkcs12Aliases(file: Uint8Array): string[] {
  const pfx = pkijs.PFX.fromBER(toArrayBuffer(file));
  const keyAliases: string[] = [];
  const certAliases: string[] = [];
  for (const info of authenticatedSafeOf(pfx).safeContents) {
    if (info.contentType !== pkijs.ContentInfo.DATA) continue;
    const contents = pkijs.SafeContents.fromBER((info.content as asn1js.OctetString).getValue());
    for (const bag of contents.safeBags) {
      const name = friendlyNameOf(bag);
      if (!name) continue;
      if (bag.bagId === OID_SHROUDED_KEY_BAG) keyAliases.push(name);
      else if (bag.bagId === OID_CERT_BAG) certAliases.push(name);
    }
  }
  return keyAliases.length ? keyAliases : certAliases;
}

export class WrongPasswordError extends Error {
  override name = 'WrongPasswordError';
}

export interface OpenedPkcs12 {
  /** PKCS#8 DER. */
  privateKey: Uint8Array;
  /** Leaf first. */
  certificates: Uint8Array[];
}

/** Checks the MAC with the password, then decrypts the key and the certificates of `alias`. */
export async function openPkcs12(file: Uint8Array, alias: string, password: string): Promise<OpenedPkcs12> {
  const pfx = pkijs.PFX.fromBER(toArrayBuffer(file));
  const pass = passwordBytes(password);
  try {
    await pfx.parseInternalValues({ password: pass, checkIntegrity: true });
  } catch {
    throw new WrongPasswordError('wrong password');
  }
  const authSafe = pfx.parsedValue!.authenticatedSafe!;
  await authSafe.parseInternalValues({
    safeContents: authSafe.safeContents.map(() => ({ password: pass })),
  });
  let privateKey: Uint8Array | null = null;
  const certificates: Uint8Array[] = [];
  for (const contents of authSafe.parsedValue!.safeContents) {
    for (const bag of contents.value.safeBags) {
      if (bag.bagId === OID_SHROUDED_KEY_BAG && friendlyNameOf(bag) === alias) {
        const shrouded = bag.bagValue as pkijs.PKCS8ShroudedKeyBag;
        // parseInternalValues is protected in the typings but is the documented way to decrypt.
        await (
          shrouded as unknown as { parseInternalValues(p: { password: ArrayBuffer }): Promise<void> }
        ).parseInternalValues({ password: pass });
        privateKey = new Uint8Array(shrouded.parsedValue!.toSchema().toBER(false));
      } else if (bag.bagId === OID_CERT_BAG) {
        const certBag = bag.bagValue as pkijs.CertBag;
        certificates.push(
          new Uint8Array((certBag.parsedValue as pkijs.Certificate).toSchema(true).toBER(false)),
        );
      }
    }
  }
  if (!privateKey) throw new Error(`alias not found in the PFX file`);
  return { privateKey, certificates };
}
