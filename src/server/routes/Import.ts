import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { contentDisposition } from '../http/contentDisposition';
import { callerOf } from '../services/documents';
import { IMPORT_JOB, importJob, startImport } from '../services/imports/job';
import { templateWorkbook } from '../services/imports/templateFile';
import { importableKinds } from '../services/imports/templates';
import { MAX_IMPORT_BYTES } from '../services/imports/workbook';
import { taxAuthorityOf } from '../services/soliq/instance';

// /api/Import (spec §7): DocumentExcelImport takes a multipart .xlsx and answers at once with the
// import log id and the job that checks it and creates the drafts (docs/imports.md).

const TAGS = ['Import'];
const BEARER = [{ bearer: [] }];
const errorBody = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

export default async function importRoutes(app: FastifyInstance) {
  app.jobs.define(importJob(app.documents, () => taxAuthorityOf(app)));
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  });

  app.get<{ Querystring: { kind: string; lang?: 'ru' | 'uz' | 'en' } }>(
    '/template',
    {
      schema: {
        tags: TAGS,
        summary: 'The Excel template of a kind: its columns in the chosen language and sample rows',
        querystring: {
          type: 'object',
          required: ['kind'],
          properties: {
            kind: { type: 'string', enum: importableKinds() },
            lang: { type: 'string', enum: ['ru', 'uz', 'en'] },
          },
        },
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? 'ru';
      const { name, body } = templateWorkbook(request.query.kind, lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(name))
        .send(body);
    },
  );

  app.get(
    '/kinds',
    {
      schema: {
        tags: TAGS,
        summary: 'The document kinds that can be imported from Excel',
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
    async () => ({ data: importableKinds() }),
  );

  app.post<{ Querystring: { kind: string; dryRun?: boolean; forSigning?: boolean } }>(
    '/DocumentExcelImport',
    {
      // The file's own limit (MAX_IMPORT_BYTES) is enforced by the multipart parser with a clear 413.
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        summary:
          'Import documents of a kind from an .xlsx file (multipart field `file`): a job checks every row and creates drafts',
        security: BEARER,
        consumes: ['multipart/form-data'],
        querystring: {
          type: 'object',
          required: ['kind'],
          properties: {
            kind: { type: 'string', enum: importableKinds() },
            dryRun: { type: 'boolean', default: false, description: 'Only check and report; create nothing' },
            forSigning: {
              type: 'boolean',
              default: false,
              description: 'Open bulk signing for the created drafts',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: { importId: { type: 'string' }, jobId: { type: 'string' } },
              },
            },
          },
          400: errorBody,
          401: errorBody,
          413: errorBody,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      let file: { filename: string; toBuffer(): Promise<Buffer> } | undefined;
      let body: Buffer;
      try {
        file = await request.file();
        if (!file) throw new ApiError(400, 'IMPORT_NO_FILE', 'bulk:import.noFile');
        body = await file.toBuffer();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ApiError(413, 'IMPORT_TOO_LARGE', 'bulk:import.tooLarge', {
            mb: MAX_IMPORT_BYTES / 1024 / 1024,
          });
        }
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new ApiError(400, 'IMPORT_NO_FILE', 'bulk:import.noFile');
        throw err;
      }
      const started = await startImport(app.db, app.jobs, caller, {
        kind: request.query.kind,
        fileName: file.filename || 'import.xlsx',
        file: body,
        dryRun: request.query.dryRun ?? false,
        forSigning: request.query.forSigning ?? false,
      });
      return { success: true, data: started };
    },
  );
}

export { IMPORT_JOB };
