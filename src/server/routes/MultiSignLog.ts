import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import * as bulk from '../services/bulk/log';
import { notifyJobFinished } from '../services/notifications';

// /api/MultiSignLog (spec §7): the log of bulk signings — getList, GetItemList (page size 50000 by
// default), Delete, BulkDeleteItems — plus what the bulk-signing dialog writes: start (the documents
// and the action), report (refusals the browser met), finish. "Signed" is never reported by the
// browser: the documents' transition listener writes it with the signature (docs/bulk.md).

const TAGS = ['MultiSignLog'];
const security = [{ bearer: [] }];
const uuid = { type: 'string', format: 'uuid' } as const;
const errorBody = {
  type: 'object',
  properties: { success: { type: 'boolean' }, code: { type: 'string' }, message: { type: 'string' } },
} as const;
const counts = {
  done: { type: 'integer' },
  refused: { type: 'integer' },
  skipped: { type: 'integer' },
  notSigned: { type: 'integer' },
} as const;

export default async function multiSignLogRoutes(app: FastifyInstance) {
  app.documents.addListener(bulk.markSigned);
  app.addHook('preHandler', authenticate);

  app.post<{ Body: { action: string; reason?: string; documentIds: string[] } }>(
    '/start',
    {
      // Up to 5000 document ids (≈ 40 bytes each): above the server's default request limit.
      bodyLimit: 256 * 1024,
      schema: {
        tags: TAGS,
        security,
        summary: 'Open a bulk signing: the action and the documents, in the order they will be signed',
        body: {
          type: 'object',
          required: ['action', 'documentIds'],
          additionalProperties: false,
          properties: {
            action: { type: 'string', pattern: '^[A-Za-z]{1,40}$' },
            reason: { type: 'string', maxLength: 500 },
            documentIds: {
              type: 'array',
              minItems: 1,
              maxItems: bulk.MULTI_SIGN_MAX_DOCUMENTS,
              uniqueItems: true,
              items: uuid,
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { logId: uuid } },
            },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const logId = await bulk.startLog(
        app.db,
        { organizationId: user.organizationId, userId: user.userId },
        {
          action: request.body.action,
          reason: request.body.reason ?? null,
          documentIds: request.body.documentIds,
        },
      );
      return { success: true, data: { logId } };
    },
  );

  app.post<{
    Body: {
      logId: string;
      items: { documentId: string; outcome: 'refused' | 'skipped'; code: string; message: string }[];
    };
  }>(
    '/report',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: TAGS,
        security,
        summary: 'Record refusals multiRun answered (a document already signed stays signed)',
        body: {
          type: 'object',
          required: ['logId', 'items'],
          additionalProperties: false,
          properties: {
            logId: uuid,
            items: {
              type: 'array',
              maxItems: 1000,
              items: {
                type: 'object',
                required: ['documentId', 'outcome', 'code', 'message'],
                additionalProperties: false,
                properties: {
                  documentId: uuid,
                  outcome: { type: 'string', enum: ['refused', 'skipped'] },
                  code: { type: 'string', maxLength: 100 },
                  message: { type: 'string', maxLength: 1000 },
                },
              },
            },
          },
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' } } },
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      await bulk.reportOutcomes(
        app.db,
        currentUser(request).organizationId,
        request.body.logId,
        request.body.items,
      );
      return { success: true };
    },
  );

  app.post<{ Body: { logId: string } }>(
    '/finish',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Close a bulk signing: what is still pending was not signed',
        body: {
          type: 'object',
          required: ['logId'],
          additionalProperties: false,
          properties: { logId: uuid },
        },
        response: {
          200: {
            type: 'object',
            properties: { success: { type: 'boolean' }, data: { type: 'object', properties: counts } },
          },
          404: errorBody,
        },
      },
    },
    async (request) => {
      const { organizationId } = currentUser(request);
      const closed = await bulk.finishLog(app.db, organizationId, request.body.logId);
      const c = await bulk.summary(app.db, request.body.logId);
      if (closed) {
        await notifyJobFinished(app.db, {
          organizationId,
          jobId: request.body.logId,
          details: {
            what: 'bulkSign',
            logId: request.body.logId,
            done: c.done,
            failed: c.refused + c.skipped + c.notSigned,
          },
        });
      }
      return {
        success: true,
        data: { done: c.done, refused: c.refused, skipped: c.skipped, notSigned: c.notSigned + c.pending },
      };
    },
  );

  app.get<{ Querystring: { pageNumber: number; pageSize: number } }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Bulk signings of the organisation, newest first',
        querystring: {
          type: 'object',
          properties: {
            pageNumber: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
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
                    id: { type: 'string' },
                    action: { type: 'string' },
                    reason: { type: ['string', 'null'] },
                    state: { type: 'string', enum: ['running', 'finished', 'interrupted'] },
                    total: { type: 'integer' },
                    ...counts,
                    userName: { type: ['string', 'null'] },
                    createdAt: { type: 'string' },
                    finishedAt: { type: ['string', 'null'] },
                  },
                },
              },
              totalCount: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) =>
      bulk.listLogs(
        app.db,
        currentUser(request).organizationId,
        request.query.pageNumber,
        request.query.pageSize,
      ),
  );

  app.get<{ Querystring: { logId: string; pageNumber: number; pageSize: number } }>(
    '/GetItemList',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The documents of one bulk signing with their outcome',
        querystring: {
          type: 'object',
          required: ['logId'],
          properties: {
            logId: uuid,
            pageNumber: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 50000, default: 50000 },
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
                    ord: { type: 'integer' },
                    documentId: { type: 'string' },
                    number: { type: ['string', 'null'] },
                    kind: { type: ['string', 'null'] },
                    outcome: { type: 'string' },
                    code: { type: ['string', 'null'] },
                    message: { type: ['string', 'null'] },
                    at: { type: ['string', 'null'] },
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
      return bulk.listItems(app.db, currentUser(request).organizationId, q.logId, q.pageNumber, q.pageSize);
    },
  );

  app.delete<{ Querystring: { logId: string } }>(
    '/Delete',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Delete one bulk-signing log (the documents stay as they are)',
        querystring: { type: 'object', required: ['logId'], properties: { logId: uuid } },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, 404: errorBody },
      },
    },
    async (request) => {
      const deleted = await bulk.deleteLogs(app.db, currentUser(request).organizationId, [
        request.query.logId,
      ]);
      if (!deleted.length) throw new ApiError(404, 'MULTI_SIGN_NOT_FOUND', 'bulk:multiSign.notFound');
      return { success: true };
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/BulkDeleteItems',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: TAGS,
        security,
        summary: 'Delete several bulk-signing logs; one answer per id',
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: uuid } },
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
        await bulk.deleteLogs(app.db, currentUser(request).organizationId, request.body.ids),
      );
      return { results: request.body.ids.map((id) => ({ id, success: deleted.has(id) })) };
    },
  );
}
