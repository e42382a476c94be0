import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import {
  createSignatureService,
  SignatureError,
  type SignatureService,
  type VerifiedSignature,
} from '../signing';

// Bridges the SignatureService (src/server/signing) to sign-in: one service per app configuration,
// and every verification failure turned into a localized refusal — never a 500.

const services = new WeakMap<object, Promise<SignatureService>>();

export function signatureServiceOf(app: FastifyInstance): Promise<SignatureService> {
  let service = services.get(app.config);
  if (!service) {
    service = Promise.resolve(createSignatureService(app.config));
    services.set(app.config, service);
  }
  return service;
}

const STATUS_BY_CODE: Record<string, number> = {
  SERVER_UNAVAILABLE: 503,
  WRONG_SIGNER: 403,
};

/** Localized refusal for a signature problem; the code is SignatureError's own. */
export function signatureRefusal(code: string): ApiError {
  return new ApiError(STATUS_BY_CODE[code] ?? 400, code, `auth:signature.${code}`);
}

/** The failure code of anything verification threw: unreadable input counts as MALFORMED. */
export function signatureErrorCode(error: unknown): string {
  return error instanceof SignatureError ? String(error.code) : 'MALFORMED';
}

export async function verifyAttachedSignature(
  request: FastifyRequest,
  pkcs7b64: string,
): Promise<VerifiedSignature> {
  const service = await signatureServiceOf(request.server);
  return service.verifyAttached(pkcs7b64.trim(), { clientIp: request.ip, host: request.host });
}
