import type { FastifyInstance } from 'fastify';
import { DOCUMENTS_BY_TYPE_LIMIT, LIST_PAGE_SIZE } from '../../engine/constants';
import { authenticate } from '../auth';
import { callerOf, DIRECTIONS, type Direction, PAGE_SIZES } from '../services/documents';
import { kindOfDocType, kindOfTypeId, listByBox, listPaged } from '../services/documents/specLists';
import { identity, isoDate, listResponse } from './documentSchemas';

// /api/Document — the spec's other list operations (spec §7; docs/documents-api.md §3): the same rows
// as getList under the spec's names. docType takes a kind's key, its Didox code or its DocType id.

const TAGS = ['Document'];
const security = [{ bearer: [] }];

const docType = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'The kind: its key (invoice), Didox code (002) or DocType id (2)',
} as const;
const statusCode = { type: 'integer', minimum: 0, maximum: 100000, description: 'A shown status code' };
const page = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;
const size = { type: 'integer', enum: [...PAGE_SIZES], default: LIST_PAGE_SIZE } as const;

interface ByTypeQuery {
  docType?: string;
  dateFrom?: string;
  dateTo?: string;
  createDateFrom?: string;
  createDateTo?: string;
  status?: number;
  counterAgent?: string;
  page: number;
  limit: number;
}

export default async function documentSpecListRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const db = app.documents.db;

  app.get<{ Querystring: { status: number; docType?: string; page: number; size: number } }>(
    '/getByStatus',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Your documents in one shown status (2: what waits for you), of every kind or one',
        querystring: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: { status: statusCode, docType, page, size },
        },
        response: listResponse,
      },
    },
    async (request) => {
      const q = request.query;
      return {
        success: true,
        ...(await listPaged(db, callerOf(request), {
          status: q.status,
          kind: q.docType === undefined ? undefined : kindOfDocType(q.docType),
          page: q.page,
          size: q.size,
        })),
      };
    },
  );

  for (const [path, box, summary] of [
    ['/outDocByType', 'outgoing', 'Your sent documents (of a kind), up to 10,000 a page'],
    ['/inDocByType', 'incoming', 'Your received documents (of a kind), up to 10,000 a page'],
  ] as const) {
    app.get<{ Querystring: ByTypeQuery }>(
      path,
      {
        schema: {
          tags: TAGS,
          security,
          summary,
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              docType,
              dateFrom: isoDate,
              dateTo: isoDate,
              createDateFrom: isoDate,
              createDateTo: isoDate,
              status: statusCode,
              counterAgent: identity,
              page,
              limit: {
                type: 'integer',
                minimum: 1,
                maximum: DOCUMENTS_BY_TYPE_LIMIT,
                default: DOCUMENTS_BY_TYPE_LIMIT,
              },
            },
          },
          response: listResponse,
        },
      },
      async (request) => {
        const q = request.query;
        return {
          success: true,
          ...(await listByBox(
            db,
            callerOf(request),
            box,
            {
              kind: q.docType === undefined ? undefined : kindOfDocType(q.docType),
              dateFrom: q.dateFrom,
              dateTo: q.dateTo,
              createdFrom: q.createDateFrom,
              createdTo: q.createDateTo,
              status: q.status,
              counterparty: q.counterAgent,
            },
            q.page,
            q.limit,
          )),
        };
      },
    );
  }

  app.get<{
    Querystring: {
      dateFrom?: string;
      dateTo?: string;
      counterAgentId?: string;
      docTypeId?: number;
      docStatusId?: number;
      direction?: Direction;
      search?: string;
      pageSize: number;
      pageNumber: number;
    };
  }>(
    '/getAllDocuments',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Your documents of every box (or one direction), filtered; pages of 18…90',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            dateFrom: isoDate,
            dateTo: isoDate,
            counterAgentId: identity,
            docTypeId: { type: 'integer', minimum: 1, maximum: 100000 },
            docStatusId: statusCode,
            direction: { type: 'string', enum: [...DIRECTIONS] },
            search: {
              type: 'string',
              maxLength: 200,
              pattern: '^[^\\u0000]*$',
              description: 'Counterparty TIN or name',
            },
            pageSize: size,
            pageNumber: page,
          },
        },
        response: listResponse,
      },
    },
    async (request) => {
      const q = request.query;
      return {
        success: true,
        ...(await listPaged(db, callerOf(request), {
          direction: q.direction,
          dateFrom: q.dateFrom,
          dateTo: q.dateTo,
          counterparty: q.counterAgentId,
          kind: q.docTypeId === undefined ? undefined : kindOfTypeId(q.docTypeId),
          status: q.docStatusId,
          search: q.search,
          page: q.pageNumber,
          size: q.pageSize,
        })),
      };
    },
  );
}
