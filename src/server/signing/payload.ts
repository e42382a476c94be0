// The check every signed action makes: the bytes are the ones the server asked for, and the signer is
// the acting party.
import { bytesEqual, utf8 } from '../../engine/cms';
import {
  SignatureError,
  type SignatureRequestContext,
  type SignatureService,
  type VerifiedSignature,
} from './types';

export interface ExpectedPayload {
  /** Exactly what the server asked to be signed (a string is compared as its UTF-8 bytes). */
  expectedContent: Uint8Array | string;
  /**
   * The acting party. Every given field must match: `tin` against the certificate's legal TIN or
   * personal TIN (UID), `pinfl` against its PINFL. Omit to skip the check (e.g. registration).
   */
  actor?: { tin?: string | null; pinfl?: string | null };
  context?: SignatureRequestContext;
}

export async function verifySignedPayload(
  service: SignatureService,
  pkcs7b64: string,
  expected: ExpectedPayload,
): Promise<VerifiedSignature> {
  const verified = await service.verifyAttached(pkcs7b64, expected.context);
  const want =
    typeof expected.expectedContent === 'string' ? utf8(expected.expectedContent) : expected.expectedContent;
  if (!bytesEqual(verified.content, want)) {
    throw new SignatureError('CONTENT_MISMATCH', 'The signed content differs from what was requested');
  }
  const actor = expected.actor;
  if (actor) {
    const { tin, pinfl, uid } = verified.signer;
    const tinOk = !actor.tin || actor.tin === tin || actor.tin === uid;
    const pinflOk = !actor.pinfl || actor.pinfl === pinfl;
    if (!tinOk || !pinflOk) {
      throw new SignatureError('WRONG_SIGNER', 'The certificate does not belong to the acting party');
    }
  }
  return verified;
}
