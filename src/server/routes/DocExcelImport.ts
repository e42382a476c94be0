import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import * as log from '../services/imports/log';

// /api/DocExcelImport (spec §7): the organisation's import log — files, their outcome, and the
// errors table (row, column name, message, the rule that failed). Another organisation's log is 404.

const TAGS = ['DocExcelImport'];
const BEARER = [{ bearer: [] }];
const errorBody = {
  type: 'object',
  properties: { success: { type: 'boolean' }, code: { type: 'string' }, message: { type: 'string' } },
} as const;

const logView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    fileName: { type: 'string' },
    fileSize: { type: 'integer' },
    dryRun: { type: 'boolean' },
    forSigning: { type: 'boolean' },
    state: {
      type: 'string',
      enum: ['queued', 'running', 'invalid', 'checked', 'done', 'failed', 'cancelled'],
    },
    rowsCount: { type: ['integer', 'null'] },
    documentsCount: { type: ['integer', 'null'] },
    createdCount: { type: 'integer' },
    existingCount: { type: 'integer' },
    errorsCount: { type: 'integer' },
    warningsCount: { type: 'integer', description: "The pre-sign checks' warnings and notes (not refusing)" },
    documentIds: { type: 'array', items: { type: 'string' } },
    jobId: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    finishedAt: { type: ['string', 'null'] },
  },
} as const;

export function toLogView(r: log.ImportLogRow) {
  return {
    id: r.id,
    kind: r.kind,
    fileName: r.file_name,
    fileSize: r.file_size,
    dryRun: r.dry_run,
    forSigning: r.for_signing,
    state: r.state,
    rowsCount: r.rows_count,
    documentsCount: r.documents_count,
    createdCount: r.created_count,
    existingCount: r.existing_count,
    errorsCount: r.errors_count,
    warningsCount: r.warnings_count,
    documentIds: r.document_ids,
    jobId: r.job_id,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  };
}

const notFound = () => new ApiError(404, 'IMPORT_NOT_FOUND', 'bulk:import.notFound');

export default async function docExcelImportRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { pageNumber: number; pageSize: number; dateFrom?: string; dateTo?: string } }>(
    '/GetList',
    {
      schema: {
        tags: TAGS,
        summary: 'Import log of the organisation, newest first',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            pageNumber: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            dateFrom: { type: 'string', format: 'date' },
            dateTo: { type: 'string', format: 'date' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { rows: { type: 'array', items: logView }, totalCount: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const list = await log.listLogs(app.db, currentUser(request).organizationId, {
        page: q.pageNumber,
        size: q.pageSize,
        dateFrom: q.dateFrom,
        dateTo: q.dateTo,
      });
      return { rows: list.rows.map(toLogView), totalCount: list.totalCount };
    },
  );

  app.get<{ Querystring: { logId: string } }>(
    '/Get',
    {
      schema: {
        tags: TAGS,
        summary: 'One import of the organisation',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['logId'],
          properties: { logId: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: logView } },
          404: errorBody,
        },
      },
    },
    async (request) => {
      const row = await log.readLog(app.db, currentUser(request).organizationId, request.query.logId);
      if (!row) throw notFound();
      return { success: true, data: toLogView(row) };
    },
  );

  app.get<{ Querystring: { logId: string; pageNumber: number; pageSize: number } }>(
    '/GetItemList',
    {
      schema: {
        tags: TAGS,
        summary:
          "The errors of one import (Excel row, column name, message, the rule that failed) and the pre-sign checks' warnings",
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['logId'],
          properties: {
            logId: { type: 'string', format: 'uuid' },
            pageNumber: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              rows: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    row: { type: ['integer', 'null'] },
                    column: { type: ['string', 'null'] },
                    message: { type: 'string' },
                    rule: { type: ['string', 'null'] },
                    documentKey: { type: ['string', 'null'] },
                    level: {
                      type: ['string', 'null'],
                      enum: ['block', 'warn', 'inform', null],
                      description: 'A pre-sign check: its level (block refuses); null for an error',
                    },
                  },
                },
              },
              totalCount: { type: 'integer' },
            },
          },
          404: errorBody,
        },
      },
    },
    async (request) => {
      const q = request.query;
      if (!(await log.readLog(app.db, currentUser(request).organizationId, q.logId))) throw notFound();
      const items = await log.listItems(app.db, q.logId, q.pageNumber, q.pageSize);
      return {
        rows: items.rows.map((i) => ({
          id: Number(i.id),
          row: i.row_number,
          column: i.column_name,
          message: i.message,
          rule: i.rule,
          documentKey: i.document_key,
          level: i.level,
        })),
        totalCount: items.totalCount,
      };
    },
  );

  app.delete<{ Querystring: { logId: string } }>(
    '/Delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one import log entry with its errors (the documents it created stay)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['logId'],
          properties: { logId: { type: 'string', format: 'uuid' } },
        },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, 404: errorBody },
      },
    },
    async (request) => {
      const deleted = await log.deleteLogs(app.db, currentUser(request).organizationId, [
        request.query.logId,
      ]);
      if (!deleted.length) throw notFound();
      return { success: true };
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/BulkDeleteItems',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: TAGS,
        summary: 'Delete several import log entries; one answer per id',
        security: BEARER,
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', format: 'uuid' } },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              results: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: { type: 'string' }, success: { type: 'boolean' } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const deleted = new Set(
        await log.deleteLogs(app.db, currentUser(request).organizationId, request.body.ids),
      );
      return { results: request.body.ids.map((id) => ({ id, success: deleted.has(id) })) };
    },
  );
}
