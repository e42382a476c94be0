import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../engine/constants';
import { authenticate } from '../auth';
import { DOCUMENT_BODY_LIMIT } from '../limits';
import { requireDocumentRight } from '../services/access';
import { callerOf, signedRecord, updateDraft } from '../services/documents';
import { notSigned, printStylesheet, storedHtml } from '../services/pdf';
import { anyObject, envelope, errorResponse } from './documentSchemas';
import { binaryResponse, documentParams, langOf, langQuery, originOf, sendFile } from './printSchemas';

// /api/DocumentContent — a document's content as printed (HTML) and as signed (the exact JSON bytes
// every signature covers). docs/print.md.

const TAGS = ['DocumentContent'];
const security = [{ bearer: [] }];

export default async function documentContentRoutes(app: FastifyInstance) {
  const ctx = app.documents;

  app.get<{ Params: { documentId: string }; Querystring: { lang?: Locale } }>(
    '/getHtml/:documentId',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary:
          'The printed form as an HTML page (the markup of the browser print page; A4 print styles in /api/DocumentContent/print.css)',
        params: documentParams,
        querystring: langQuery,
        response: {
          200: { description: 'The HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const html = await storedHtml(ctx.db, caller, request.params.documentId, {
        lang: langOf(request, caller.lang),
        origin: originOf(request),
      });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  app.get<{ Params: { documentId: string } }>(
    '/getJson/:documentId',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary:
          'The signed document: exactly the bytes that were signed (the national JSON), never re-serialized — its SHA-256 is what every signature covers',
        params: documentParams,
        response: binaryResponse('application/json', 'The signed JSON, byte for byte'),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const record = await signedRecord(ctx.db, caller, request.params.documentId);
      await requireDocumentRight(ctx.db, caller.user, record.kind, 'view', {
        ip: request.ip,
        documentId: record.id,
      });
      if (!record.signedBytes) throw notSigned();
      return sendFile(reply, {
        bytes: record.signedBytes,
        name: `${record.id}.json`,
        mime: 'application/json; charset=utf-8',
        inline: true,
      });
    },
  );

  // The spec's PUT update/{documentId}: the draft's content replaced, as Document/update does (the
  // kind's schema and rules, the sender must be yours, the version you read or 409; a sent document
  // is 422 NOT_A_DRAFT). Checked for a session before the body is read.
  app.put<{ Params: { documentId: string }; Querystring: { version: number }; Body: unknown }>(
    '/update/:documentId',
    {
      onRequest: authenticate,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags: TAGS,
        security,
        summary:
          'Replace a draft’s content (validated and recomputed with the kind’s schema); the version you read, 409 when stale',
        params: documentParams,
        querystring: {
          type: 'object',
          required: ['version'],
          additionalProperties: false,
          properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        body: anyObject,
        response: envelope({
          type: 'object',
          properties: { id: { type: 'string' }, version: { type: 'integer' } },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await updateDraft(
        ctx,
        callerOf(request),
        request.params.documentId,
        request.query.version,
        request.body,
      ),
    }),
  );

  // The stylesheet of getHtml's page: public (it holds no data), and cached like the web app's assets
  // are revalidated.
  app.get(
    '/print.css',
    { schema: { tags: TAGS, summary: 'The printed form’s stylesheet (A4, print media)', hide: true } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(printStylesheet()),
  );
}
