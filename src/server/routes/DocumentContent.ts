import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../engine/constants';
import { authenticate } from '../auth';
import { requireDocumentRight } from '../services/access';
import { callerOf, signedRecord } from '../services/documents';
import { notSigned, printStylesheet, storedHtml } from '../services/pdf';
import { errorResponse } from './documentSchemas';
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
