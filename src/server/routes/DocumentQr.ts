import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../engine/constants';
import { authenticate } from '../auth';
import { callerOf } from '../services/documents';
import { storedProtocol, storedQr } from '../services/pdf';
import { envelope } from './documentSchemas';
import { binaryResponse, documentParams, documentQuery, langOf, originOf, sendFile } from './printSchemas';

// /api/DocumentQr — the QR of a signed document: the link to its public verification page
// (/verify/{id}?k=…, docs/print.md) as a PNG, and the signing protocol that carries it.

const TAGS = ['DocumentQr'];
const security = [{ bearer: [] }];

export default async function documentQrRoutes(app: FastifyInstance) {
  const ctx = app.documents;
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { documentId: string; lang?: Locale } }>(
    '/generateDocumentToPdf',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'The signing protocol of a signed document as a PDF: the document, its parties, every signature stamp and a large QR to the verification page with its link in writing',
        querystring: documentQuery,
        response: binaryResponse('application/pdf', 'The signing protocol'),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { pdf, fileName } = await storedProtocol(ctx.db, caller, request.query.documentId, {
        lang: langOf(request, caller.lang),
        origin: originOf(request),
      });
      return sendFile(reply, { bytes: pdf, name: fileName, mime: 'application/pdf' });
    },
  );

  app.get<{ Params: { documentId: string } }>(
    '/img/:documentId',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The QR code of a signed document (PNG): the link to its public verification page',
        params: documentParams,
        response: binaryResponse('image/png', 'The QR code'),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { png } = await storedQr(ctx.db, caller, request.params.documentId, {
        lang: caller.lang,
        origin: originOf(request),
      });
      return sendFile(reply, {
        bytes: png,
        name: `qr-${request.params.documentId}.png`,
        mime: 'image/png',
        inline: true,
      });
    },
  );

  // Not in the spec: the link itself, for the browser's print page (it draws the same QR) and for
  // sharing it.
  app.get<{ Params: { documentId: string } }>(
    '/url/:documentId',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The link to the public verification page of a signed document (what its QR encodes)',
        params: documentParams,
        response: envelope({ type: 'object', properties: { url: { type: 'string' } } }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { url } = await storedQr(ctx.db, caller, request.params.documentId, {
        lang: caller.lang,
        origin: originOf(request),
      });
      return { success: true, data: { url } };
    },
  );
}
