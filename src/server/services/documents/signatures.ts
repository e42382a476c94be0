import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  bytesEqual,
  firstSignerTimestampToken,
  parseCms,
  timestampGenTime,
  timestampTokenOf,
  toArrayBuffer,
} from '../../../engine/cms';
import { ApiError } from '../../errors';
import {
  SignatureError,
  type SignatureRequestContext,
  type SignatureService,
  type VerifiedSignature,
} from '../../signing';

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A signature refused by the verifier, as a localized 4xx (exchange:signature.<code>). */
export function signatureRefusal(error: unknown): ApiError {
  if (error instanceof SignatureError) {
    if (error.code === 'SERVER_UNAVAILABLE' || error.code === 'TIMESTAMP_FAILED')
      return new ApiError(503, error.code, `exchange:signature.${error.code}`);
    if (error.code === 'CONTENT_MISMATCH')
      return new ApiError(409, error.code, `exchange:signature.${error.code}`);
    return new ApiError(400, error.code, `exchange:signature.${error.code}`);
  }
  return new ApiError(400, 'MALFORMED', 'exchange:signature.MALFORMED');
}

export interface CheckedSignature {
  /** The CMS as it will be stored: the one received, or with the server's timestamp attached. */
  cms: string;
  verified: VerifiedSignature;
  timestampToken: string | null;
}

/** The RFC 3161 token of the CMS's (first) signer, base64 DER, or null. */
export function timestampTokenBase64(cms: string | Uint8Array): string | null {
  const der = typeof cms === 'string' ? fromBase64(cms) : cms;
  // Plain DER read in place, without working out the token's time (nobody asked for it).
  const found = firstSignerTimestampToken(der);
  if (found) return found.token ? toBase64(found.token) : null;
  return stampByPkijs(der).token;
}

/**
 * The first signer's timestamp token (base64 DER) and its genTime, from ONE parse of the CMS: the
 * two read apart parsed a whole document's CMS twice, half of a bulk send's signature time (profiled).
 * The time is read, not re-verified: the token is one this server just obtained.
 */
function stampOf(cms: string | Uint8Array): { token: string | null; time?: Date } {
  const der = typeof cms === 'string' ? fromBase64(cms) : cms;
  // Plain DER (every CMS this server encodes, and E-IMZO's after a timestamp): read in place.
  const found = firstSignerTimestampToken(der);
  if (found) {
    if (!found.token) return { token: null };
    return { token: toBase64(found.token), time: timestampGenTime(found.token) };
  }
  return stampByPkijs(der);
}

/** The same through pkijs, for a CMS not in plain DER. */
function stampByPkijs(der: Uint8Array): { token: string | null; time?: Date } {
  try {
    const { signedData } = parseCms(der);
    const token = timestampTokenOf(signedData.signerInfos[0]);
    if (!token) return { token: null };
    return { token: toBase64(new Uint8Array(token.toSchema().toBER(false))), time: genTimeOf(token) };
  } catch {
    return { token: null };
  }
}

function genTimeOf(token: pkijs.ContentInfo): Date | undefined {
  try {
    const content = new pkijs.SignedData({ schema: token.content }).encapContentInfo.eContent;
    if (!content) return undefined;
    const info = new pkijs.TSTInfo({
      schema: asn1js.fromBER(toArrayBuffer(new Uint8Array(content.getValue()))).result,
    });
    return info.genTime;
  } catch {
    return undefined;
  }
}

/** A CMS whose encapsulated content is not `expected` is refused before any cryptography is spent on it. */
function requireContent(cms: string, expected: Uint8Array) {
  // An attached CMS in DER holds its content as one run of bytes: found there, the verifier's own
  // comparison decides, and the full parse (a third of a send's CPU, profiled) is not paid twice.
  if (Buffer.from(cms, 'base64').indexOf(expected) >= 0) return;
  let content: Uint8Array | null;
  try {
    content = parseCms(fromBase64(cms)).content;
  } catch {
    return; // malformed: the verifier says so with its own code
  }
  if (content && !bytesEqual(content, expected))
    throw new SignatureError('CONTENT_MISMATCH', 'The signed content differs');
}

/** A CMS whose verification has started before the bytes it must sign are known (see runAction). */
export interface StartedCheck {
  cms: string;
  verified: Promise<VerifiedSignature>;
}

/**
 * Starts verifying a received CMS (trusted chain, valid certificate, untampered): its cryptography
 * runs while the caller reads the document. The verdict is taken by finishCheck, never before.
 */
export function startCheck(
  service: SignatureService,
  cms: string,
  context: SignatureRequestContext,
): StartedCheck {
  const stored = cms.replace(/\s+/g, '');
  const verified = service.verifyAttached(stored, context);
  verified.catch(() => {}); // taken (and thrown) by finishCheck
  return { cms: stored, verified };
}

/**
 * The verdict of a started check over exactly `expected`: a CMS over other bytes is refused first (as
 * before any cryptography), then the verifier's verdict; a CMS without a timestamp gets one — every
 * signature event carries one.
 */
export async function finishCheck(
  service: SignatureService,
  started: StartedCheck,
  expected: Uint8Array,
  context: SignatureRequestContext,
): Promise<CheckedSignature> {
  try {
    requireContent(started.cms, expected);
    const verified = await started.verified;
    if (!bytesEqual(verified.content, expected))
      throw new SignatureError('CONTENT_MISMATCH', 'The signed content differs from what was requested');
    if (!verified.timestamped) {
      // The signature is verified; the token comes from the configured TSA over it.
      const stored = await service.timestamp(started.cms, context);
      const stamp = stampOf(stored);
      verified.timestamped = true;
      verified.timestampTime = stamp.time;
      return { cms: stored, verified, timestampToken: stamp.token };
    }
    return { cms: started.cms, verified, timestampToken: timestampTokenBase64(started.cms) };
  } catch (error) {
    throw signatureRefusal(error);
  }
}

export async function joinSignatures(
  service: SignatureService,
  held: string | null,
  added: string,
  context: SignatureRequestContext,
): Promise<string> {
  if (!held) return added;
  try {
    return await service.join(held, added, context);
  } catch (error) {
    throw signatureRefusal(error);
  }
}

/** The serial in hex (as E-IMZO prints it) and in decimal (as the roaming log's certificateid). */
export function serialForms(serialHex: string): { hex: string; dec: string } {
  const hex = serialHex.toLowerCase().replace(/^0+(?=.)/, '');
  return { hex, dec: BigInt(`0x${hex}`).toString(10) };
}
