import {
  buildTimestampRequest,
  toArrayBuffer,
  toBase64,
  tokenFromTimestampResponse,
} from '../../../engine/cms';
import { ApiError } from '../../errors';

// Factura/timestamp: an RFC 3161 timestamp token over a signature value given as hex (the invoice
// service's separate timestamp call, spec §7), from the TSA the signing settings name (TSA_URL; the
// emulator's in demo mode). Answers {success, reason, data} as that service does.

export interface TimestampAnswer {
  success: boolean;
  reason: string | null;
  /** Base64 DER of the TimeStampToken (a CMS ContentInfo). */
  data: string | null;
}

export async function timestampSignatureHex(
  signatureHex: string,
  tsaUrl: string | null | undefined,
  timeoutMs = 10_000,
  fetchImpl: typeof fetch = fetch,
): Promise<TimestampAnswer> {
  if (!tsaUrl) throw new ApiError(503, 'TIMESTAMP_NOT_CONFIGURED', 'reference:errors.timestampNotConfigured');
  const signature = new Uint8Array(Buffer.from(signatureHex, 'hex'));
  const request = await buildTimestampRequest(signature);
  let response: Response;
  try {
    response = await fetchImpl(tsaUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: toArrayBuffer(request.der),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { success: false, reason: 'the timestamp authority is not reachable', data: null };
  }
  if (!response.ok)
    return { success: false, reason: `the timestamp authority answered ${response.status}`, data: null };
  try {
    const token = tokenFromTimestampResponse(new Uint8Array(await response.arrayBuffer()));
    return { success: true, reason: null, data: toBase64(token.toSchema().toBER(false)) };
  } catch (err) {
    return { success: false, reason: (err as Error).message, data: null };
  }
}
