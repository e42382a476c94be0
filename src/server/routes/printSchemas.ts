// What the print, PDF, QR, content and verification groups share (docs/print.md): request schemas,
// binary answers for OpenAPI, and how a request names its language and its site.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '../../engine/constants';
import { contentDisposition } from '../http/contentDisposition';
import { errorResponse, uuid } from './documentSchemas';

export const langParam = { type: 'string', enum: [...LOCALES] } as const;

/** `?documentId=` and an optional `?lang=` (the printed language; default: Accept-Language). */
export const documentQuery = {
  type: 'object',
  required: ['documentId'],
  additionalProperties: false,
  properties: { documentId: uuid, lang: langParam },
} as const;

/** `/{documentId}` in the path. */
export const documentParams = {
  type: 'object',
  required: ['documentId'],
  additionalProperties: false,
  properties: { documentId: uuid },
} as const;

export const langQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { lang: langParam },
} as const;

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** A binary answer (PDF, PNG, ZIP) in OpenAPI, with the group's error answers. */
export const binaryResponse = (mime: string, description: string) => ({
  200: { description, content: { [mime]: { schema: { type: 'string', format: 'binary' } } } },
  ...errors,
});

/** The site as the caller reached it: the QR's link is absolute (TRUST_PROXY decides X-Forwarded-*). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const langOf = (request: FastifyRequest<{ Querystring: { lang?: Locale } }>, fallback: Locale) =>
  request.query.lang ?? fallback;

/** A file download: its type, name, and never kept by a cache (it holds personal data). */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; name: string; mime: string; inline?: boolean },
) {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(file.name, file.inline))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
}
