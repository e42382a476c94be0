import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage, translate } from './i18n';

export interface FieldError {
  path: string;
  keyword?: string;
  key?: string;
  params?: Record<string, unknown>;
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
  if (err.errors) body.errors = err.errors;
  return reply.status(err.statusCode).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, request, error);
    const fe = error as FastifyError;
    if (fe.validation) {
      const errors: FieldError[] = fe.validation.map((v) => ({
        path: `${fe.validationContext ?? ''}${v.instancePath || ''}`,
        keyword: v.keyword,
        params: v.params as Record<string, unknown>,
        message: v.message ?? '',
      }));
      return sendError(
        reply,
        request,
        new ApiError(400, 'VALIDATION', 'errors:badRequestFields', {}, errors),
      );
    }
    const status = fe.statusCode ?? 500;
    if (status === 429)
      return sendError(reply, request, new ApiError(429, 'RATE_LIMITED', 'errors:tooManyRequests'));
    if (status >= 400 && status < 500) {
      const code = fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return sendError(reply, request, new ApiError(status, code, 'errors:badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, new ApiError(500, 'INTERNAL', 'errors:internal'));
  });
}
