import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorBody, sendError } from '../errors';
import { pickLanguage, translate } from '../i18n';
import { BASE_HEADERS, RESOURCE_POLICY } from './securityHeaders';

// Answers to requests that never reach a route: Node's HTTP parser refusing them (headers too large,
// malformed, too slow) and Fastify refusing the URL. Same JSON error format as every other error,
// localized, and never an echo of what was sent.

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** The parser's reason → status, code and message. */
function describe(code: string | undefined): { status: number; code: string; key: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'HEADERS_TOO_LARGE', key: 'errors:headersTooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT')
    return { status: 408, code: 'REQUEST_TIMEOUT', key: 'errors:requestTimeout' };
  return { status: 400, code: 'BAD_REQUEST', key: 'errors:badRequest' };
}

/**
 * The Accept-Language of a request the parser gave up on, wherever it stands in what was received
 * (after a URL of many KiB: the first 8 KiB alone answered every long URL in Russian). The packet is
 * at most what one read brings, a few tens of KiB; the search is linear.
 */
function languageOf(rawPacket: unknown) {
  if (!Buffer.isBuffer(rawPacket)) return pickLanguage(undefined);
  const head = rawPacket.toString('latin1');
  const match = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head);
  return pickLanguage(match?.[1]);
}

/** Fastify's clientErrorHandler: a JSON answer on the raw socket, then the connection is closed. */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) {
  // A reset or already-closed connection has nobody to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, key } = describe(error.code);
  const body: ErrorBody = {
    success: false,
    code,
    message: translate(languageOf(error.rawPacket), key),
  };
  const json = JSON.stringify(body);
  const headers = {
    ...BASE_HEADERS,
    'content-security-policy': RESOURCE_POLICY,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${head}\r\n\r\n${json}`);
}

/** Fastify's frameworkErrors: a URL that cannot be decoded is a 400 that does not repeat the URL. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, request, new ApiError(400, 'BAD_URL', 'errors:badUrl'));
  }
  return sendError(reply, request, new ApiError(error.statusCode ?? 400, 'BAD_REQUEST', 'errors:badRequest'));
}
