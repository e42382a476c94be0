import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localizeError } from '../engine/localize';
import { pickLanguage, translate } from './i18n';
import { MAX_REPORTED_ERRORS, NOT_BLANK_PATTERN } from './limits';

export interface FieldError {
  path: string;
  keyword?: string;
  key?: string;
  params?: Record<string, unknown>;
  /** The text; left empty, it is `key` translated into the request's language. */
  message: string;
}

/**
 * An error the client should see. `messageKey` is an i18next key ('errors:notFound'); the handler
 * localizes it from Accept-Language.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly errors?: FieldError[],
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: FieldError[];
}

export function requestLanguage(request: FastifyRequest) {
  return pickLanguage(request.headers['accept-language']);
}

export function sendError(reply: FastifyReply, request: FastifyRequest, err: ApiError) {
  const lang = requestLanguage(request);
  const body: ErrorBody = {
    success: false,
    code: err.code,
    message: translate(lang, err.messageKey, err.params),
  };
  if (err.errors) {
    body.errors = err.errors
      .slice(0, MAX_REPORTED_ERRORS)
      .map((e) => (e.message || !e.key ? e : { ...e, message: translate(lang, e.key, e.params) }));
  }
  return reply.status(err.statusCode).type('application/json; charset=utf-8').send(body);
}

/** "4 MiB", "16 KiB": a body limit as people read it. */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/** Request-schema errors (Fastify's AJV, one error: schemas validate without allErrors), localized. */
function requestValidationError(error: FastifyError, request: FastifyRequest): ApiError {
  const lang = requestLanguage(request);
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const context = error.validationContext ?? '';
  const errors: FieldError[] = (error.validation ?? []).slice(0, MAX_REPORTED_ERRORS).map((v) => {
    // A blank text where one is required (requestRules.ts) reads as an empty one: "is required".
    const blank =
      v.keyword === 'pattern' && (v.params as { pattern?: string })?.pattern === NOT_BLANK_PATTERN;
    const localized = localizeError(
      {
        instancePath: v.instancePath ?? '',
        keyword: blank ? 'minLength' : v.keyword,
        params: blank ? { limit: 1 } : (v.params as Record<string, unknown>),
      },
      t,
    );
    return {
      path: `${context}${localized.path}`,
      keyword: v.keyword,
      key: localized.key,
      params: v.params as Record<string, unknown>,
      message: localized.message,
    };
  });
  return new ApiError(400, 'VALIDATION', 'errors:badRequestFields', {}, errors);
}

/** Fastify's own refusals (body, media type, JSON syntax) as localized errors that echo nothing. */
function frameworkRefusal(error: FastifyError, request: FastifyRequest): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'errors:payloadTooLarge', {
        limit: byteSize(request.routeOptions.bodyLimit ?? 0),
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors:unsupportedMediaType');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'INVALID_JSON', 'errors:invalidJson');
    default:
      return null;
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, request, error);
    const fe = error as FastifyError;
    if (fe.validation) return sendError(reply, request, requestValidationError(fe, request));
    const refusal = frameworkRefusal(fe, request);
    if (refusal) return sendError(reply, request, refusal);
    const status = fe.statusCode ?? 500;
    if (status === 429)
      return sendError(reply, request, new ApiError(429, 'RATE_LIMITED', 'errors:tooManyRequests'));
    if (status >= 400 && status < 500) {
      return sendError(reply, request, new ApiError(status, 'BAD_REQUEST', 'errors:badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, new ApiError(500, 'INTERNAL', 'errors:internal'));
  });
}
