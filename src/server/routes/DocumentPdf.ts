import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../engine/constants';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import {
  ARCHIVE_FILE_TTL_HOURS,
  ARCHIVE_INLINE_MAX,
  ARCHIVE_SELECTION_MAX,
  archiveFile,
  archiveJob,
  selectionArchive,
  selectionFileName,
  startSelectionArchive,
  storedArchive,
} from '../services/archive';
import { callerOf } from '../services/documents';
import { storedPdf } from '../services/pdf';
import { uuid } from './documentSchemas';
import { binaryResponse, documentQuery, langOf, originOf, sendFile } from './printSchemas';

// /api/Document — the printed form as PDF and the signed archives (docs/print.md). The rest of the
// group is in DocumentLifecycle.ts; another organisation's document is a 404 here too.

const TAGS = ['Document'];
const security = [{ bearer: [] }];

export default async function documentPdfRoutes(app: FastifyInstance) {
  const ctx = app.documents;
  app.jobs.define(archiveJob());

  app.get<{ Querystring: { documentId: string; lang?: Locale } }>(
    '/generateDocumentToPdf',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary:
          'The printed form as an A4 PDF/A-3 (Noto Sans embedded, stamps of every signature, QR to the public verification page; the exact signed JSON and the joined CMS attached)',
        querystring: documentQuery,
        response: binaryResponse('application/pdf', 'The PDF'),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { pdf, fileName } = await storedPdf(ctx.db, caller, request.query.documentId, {
        lang: langOf(request, caller.lang),
        origin: originOf(request),
      });
      return sendFile(reply, { bytes: pdf, name: fileName, mime: 'application/pdf' });
    },
  );

  app.get<{ Querystring: { documentId: string; lang?: Locale } }>(
    '/getArchive',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary:
          'The signed archive (.zip) of a signed document: the exact signed bytes, every CMS and the joined one, timestamps, certificates, the hash-chained event log, the PDF and a manifest — npm run verify:archive checks it offline',
        querystring: documentQuery,
        response: binaryResponse('application/zip', 'The archive'),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { zip, fileName } = await storedArchive(ctx.db, caller, request.query.documentId, {
        lang: langOf(request, caller.lang),
        origin: originOf(request),
      });
      return sendFile(reply, { bytes: zip, name: fileName, mime: 'application/zip' });
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/getArchives',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary: `Signed archives of selected documents in one .zip (each document's archive and index.json): up to ${ARCHIVE_INLINE_MAX} documents answered at once, more as a job (202 with its id: follow Job/get, then Document/getArchiveFile)`,
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: { ids: { type: 'array', items: uuid, minItems: 1, maxItems: ARCHIVE_SELECTION_MAX } },
        },
        response: {
          ...binaryResponse('application/zip', 'The archive of a few documents'),
          202: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { jobId: { type: 'string' } } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const ids = [...new Set(request.body.ids)];
      const origin = originOf(request);
      if (ids.length > ARCHIVE_INLINE_MAX) {
        const jobId = await startSelectionArchive(ctx.db, app.jobs, caller, { ids, origin });
        return reply.code(202).send({ success: true, data: { jobId } });
      }
      const now = new Date();
      const built = await selectionArchive(ctx.db, caller, { ids, origin, now });
      return sendFile(reply, { bytes: built.zip, name: selectionFileName(now), mime: 'application/zip' });
    },
  );

  app.get<{ Querystring: { jobId: string } }>(
    '/getArchiveFile',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary: 'The archive a Document/getArchives job built, for the user who asked for it',
        querystring: {
          type: 'object',
          required: ['jobId'],
          additionalProperties: false,
          properties: { jobId: uuid },
        },
        response: binaryResponse('application/zip', 'The archive'),
      },
    },
    async (request, reply) => {
      const file = await archiveFile(ctx.db, callerOf(request), request.query.jobId);
      if (!file)
        throw new ApiError(404, 'NOT_FOUND', 'print:errors.archiveNotFound', {
          hours: ARCHIVE_FILE_TTL_HOURS,
        });
      return sendFile(reply, { bytes: file.bytes, name: file.name, mime: 'application/zip' });
    },
  );
}
