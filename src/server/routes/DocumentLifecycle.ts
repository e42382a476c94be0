import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVOICE_SENDING_DAY } from '../../engine/constants';
import { getLifecycle, lifecycleKinds } from '../../engine/lifecycle';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { contentDisposition } from '../http/contentDisposition';
import { DOCUMENT_BODY_LIMIT } from '../limits';
import {
  addDraft,
  type BinOperation,
  bulkBinState,
  callerOf,
  copyContent,
  copyDocument,
  countDocuments,
  deleteDraft,
  documentOrgs,
  documentsToCorrect,
  documentView,
  getVersion,
  idempotencyKey,
  type ListFilters,
  listDocuments,
  listVersions,
  requireKind,
  updateDraft,
} from '../services/documents';
import { exportListXlsx } from '../services/documents/excel';
import { okToSign } from '../services/documents/okToSign';
import {
  actionView,
  anyObject,
  documentIdQuery,
  documentView as documentViewSchema,
  envelope,
  listQuery,
  listResponse,
  uuid,
} from './documentSchemas';

// /api/Document — the documents' own operations (docs/documents-api.md §3). Validation and
// classifier look-ups of the same group live in Document.ts and DocumentClassifier.ts.

const TAGS = ['Document'];
const security = [{ bearer: [] }];

type ListQuery = {
  DocDirection?: ListFilters['direction'];
  DateFrom?: string;
  DateTo?: string;
  CreateDateFrom?: string;
  CreateDateTo?: string;
  CounterAgentId?: string;
  DocType?: string;
  DocTypeId?: number;
  Type?: string;
  Status?: number;
  StatusKey?: string;
  SearchKeyword?: string;
  DocNumber?: string;
  Awaiting?: boolean;
  Page?: number;
  Size?: number;
};

export function filtersOf(query: ListQuery): ListFilters {
  return {
    direction: query.DocDirection,
    dateFrom: query.DateFrom,
    dateTo: query.DateTo,
    createdFrom: query.CreateDateFrom,
    createdTo: query.CreateDateTo,
    counterparty: query.CounterAgentId,
    kind: query.DocType,
    typeId: query.DocTypeId,
    type: query.Type,
    status: query.Status,
    statusKey: query.StatusKey,
    search: query.SearchKeyword,
    number: query.DocNumber,
    awaiting: query.Awaiting,
    page: query.Page,
    size: query.Size,
  };
}

const idsBody = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', items: uuid, minItems: 1, maxItems: 500 } },
} as const;

const bulkResponse = envelope({
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          success: { type: 'boolean' },
          code: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
  },
});

const created = envelope({
  type: 'object',
  properties: { id: { type: 'string' }, replayed: { type: 'boolean' } },
});

export default async function documentLifecycleRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const ctx = app.documents;

  app.post<{ Querystring: { kind: string }; Body: unknown }>(
    '/add',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags: TAGS,
        security,
        summary:
          'Save a new draft (validated and recomputed with the kind’s schema); Idempotency-Key honoured',
        querystring: {
          type: 'object',
          required: ['kind'],
          additionalProperties: false,
          properties: { kind: { type: 'string', enum: lifecycleKinds() } },
        },
        body: anyObject,
        response: created,
      },
    },
    async (request) => {
      const result = await addDraft(
        ctx,
        callerOf(request),
        request.query.kind,
        request.body,
        idempotencyKey(request.headers['idempotency-key']),
      );
      return { success: true, data: result };
    },
  );

  app.put<{ Querystring: { documentId: string; version: number }; Body: unknown }>(
    '/update',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags: TAGS,
        security,
        summary: 'Edit a draft; the version it edits must be the current one (409 otherwise)',
        querystring: {
          type: 'object',
          required: ['documentId', 'version'],
          additionalProperties: false,
          properties: { documentId: uuid, version: { type: 'integer', minimum: 1 } },
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
        request.query.documentId,
        request.query.version,
        request.body,
      ),
    }),
  );

  app.delete<{ Querystring: { documentId: string } }>(
    '/delete',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Delete a draft (unsigned, for good)',
        querystring: documentIdQuery,
        response: envelope({}),
      },
    },
    async (request) => {
      await deleteDraft(ctx, callerOf(request), request.query.documentId);
      return { success: true };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'One document: content, status, parties, signatures, events and the actions the caller may take now',
        querystring: documentIdQuery,
        response: envelope(documentViewSchema),
      },
    },
    async (request) => ({
      success: true,
      data: await documentView(ctx.db, callerOf(request), request.query.documentId),
    }),
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getAccessActions',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The actions the caller may take on a document now',
        querystring: documentIdQuery,
        response: envelope({ type: 'array', items: actionView }),
      },
    },
    async (request) => ({
      success: true,
      data: (await documentView(ctx.db, callerOf(request), request.query.documentId)).actions,
    }),
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/GetUpdateModel',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'What the update form needs: kind, content and the version it edits',
        querystring: documentIdQuery,
        response: envelope({
          type: 'object',
          properties: {
            id: { type: 'string' },
            kind: { type: 'string' },
            version: { type: 'integer' },
            editable: { type: 'boolean' },
            content: anyObject,
          },
        }),
      },
    },
    async (request) => {
      const view = await documentView(ctx.db, callerOf(request), request.query.documentId);
      return {
        success: true,
        data: {
          id: view.id,
          kind: view.kind,
          version: view.version,
          editable: view.actions.some((a) => a.name === 'edit'),
          content: view.content,
        },
      };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getDocumentVersions',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The saved versions of a draft (its author only)',
        querystring: documentIdQuery,
        response: envelope({
          type: 'array',
          items: {
            type: 'object',
            properties: {
              version: { type: 'integer' },
              createdAt: { type: 'string', format: 'date-time' },
              createdBy: { type: ['string', 'null'] },
            },
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await listVersions(ctx, callerOf(request), request.query.documentId),
    }),
  );

  app.get<{ Querystring: { documentId: string; version: number } }>(
    '/getVersion',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'One saved version of a draft',
        querystring: {
          type: 'object',
          required: ['documentId', 'version'],
          additionalProperties: false,
          properties: { documentId: uuid, version: { type: 'integer', minimum: 1 } },
        },
        response: envelope({
          type: 'object',
          properties: {
            version: { type: 'integer' },
            createdAt: { type: 'string', format: 'date-time' },
            content: anyObject,
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await getVersion(ctx, callerOf(request), request.query.documentId, request.query.version),
    }),
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getDocumentCopy',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'The content a copy of one of your documents starts from (a fresh national id, no signatures)',
        querystring: documentIdQuery,
        response: envelope({ type: 'object', properties: { kind: { type: 'string' }, content: anyObject } }),
      },
    },
    async (request) => ({
      success: true,
      data: await copyContent(ctx, callerOf(request), request.query.documentId),
    }),
  );

  app.post<{ Querystring: { documentId: string } }>(
    '/copyDocument',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'A new draft from one of your documents; Idempotency-Key honoured',
        querystring: documentIdQuery,
        response: created,
      },
    },
    async (request) => ({
      success: true,
      data: await copyDocument(
        ctx,
        callerOf(request),
        request.query.documentId,
        idempotencyKey(request.headers['idempotency-key']),
      ),
    }),
  );

  app.get<{ Querystring: ListQuery }>(
    '/getList',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Your documents with the filters of spec §2',
        querystring: listQuery,
        response: listResponse,
      },
    },
    async (request) => ({
      success: true,
      ...(await listDocuments(ctx.db, callerOf(request), filtersOf(request.query))),
    }),
  );

  app.get<{
    Params: { docStatus: number };
    Querystring: {
      updateFromDate?: string;
      updateToDate?: string;
      regCreateDateTime?: string;
      regToDateTime?: string;
      page?: number;
      size?: number;
    };
  }>(
    '/List/:docStatus',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Your documents in one shown status',
        params: {
          type: 'object',
          required: ['docStatus'],
          properties: { docStatus: { type: 'integer', minimum: 0 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            updateFromDate: listQuery.properties.DateFrom,
            updateToDate: listQuery.properties.DateFrom,
            regCreateDateTime: listQuery.properties.DateFrom,
            regToDateTime: listQuery.properties.DateFrom,
            page: listQuery.properties.Page,
            size: listQuery.properties.Size,
          },
        },
        response: listResponse,
      },
    },
    async (request) => {
      const q = request.query;
      return {
        success: true,
        ...(await listDocuments(ctx.db, callerOf(request), {
          status: request.params.docStatus,
          updatedFrom: q.updateFromDate,
          updatedTo: q.updateToDate,
          createdFrom: q.regCreateDateTime,
          createdTo: q.regToDateTime,
          page: q.page,
          size: q.size,
        })),
      };
    },
  );

  app.get(
    '/getCounts',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Counts for the menu: incoming (and what waits for you), outgoing, drafts, deleted',
        response: envelope({
          type: 'object',
          properties: {
            incoming: { type: 'integer' },
            incomingAwaiting: { type: 'integer' },
            outgoing: { type: 'integer' },
            drafts: { type: 'integer' },
            deleted: { type: 'integer' },
            generation: {
              type: 'string',
              description:
                'Changes whenever any of the caller’s documents changes (a counterparty’s action included): a client refreshes its lists when it does',
            },
          },
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const counts = await countDocuments(ctx.db, caller);
      return { success: true, data: { ...counts, generation: caller.user.partyGeneration ?? '0' } };
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/getAllDocumentsExcel',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The filtered list as an .xlsx file (every page)',
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await exportListXlsx(ctx.db, caller, filtersOf(request.query));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  const bulk = (operation: BinOperation, path: string, summary: string) =>
    app.post<{ Body: { ids: string[] } }>(
      path,
      { schema: { tags: TAGS, security, summary, body: idsBody, response: bulkResponse } },
      async (request) => ({
        success: true,
        data: { results: await bulkBinState(ctx, callerOf(request), request.body.ids, operation) },
      }),
    );
  bulk('bin', '/bulkBin', 'Move documents to your bin (the other parties’ lists are unchanged)');
  bulk('restore', '/bulkRestore', 'Bring documents back from your bin');
  bulk('delete', '/bulkDelete', 'Delete documents from your bin for good (for you only)');

  app.get<{ Querystring: { documentUid: string } }>(
    '/isDocumentOkToSign',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Whether a draft passes the schema and the rules and you may send it',
        querystring: {
          type: 'object',
          required: ['documentUid'],
          additionalProperties: false,
          properties: { documentUid: uuid },
        },
        response: envelope({
          type: 'object',
          properties: {
            ok: { type: 'boolean' },
            errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await okToSign(ctx, callerOf(request), request.query.documentUid),
    }),
  );

  app.get<{ Querystring: { search?: string } }>(
    '/getDocumentOrgs',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Counterparties of your documents, most frequent first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { search: { type: 'string', maxLength: 200 } },
        },
        response: envelope({
          type: 'array',
          items: {
            type: 'object',
            properties: {
              identity: { type: 'string' },
              name: { type: ['string', 'null'] },
              count: { type: 'integer' },
            },
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await documentOrgs(ctx.db, callerOf(request), request.query.search),
    }),
  );

  const toCorrectResponse = envelope({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        nationalId: { type: ['string', 'null'] },
        number: { type: ['string', 'null'] },
        date: { type: ['string', 'null'] },
        total: { type: ['string', 'null'] },
        status: { type: 'integer' },
        counterparty: {
          type: 'object',
          properties: { identity: { type: ['string', 'null'] }, name: { type: ['string', 'null'] } },
        },
      },
    },
  });

  app.get<{ Querystring: { docType: string; search?: string } }>(
    '/getDocumentsToCorrect',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Your accepted documents of a kind that a corrected or additional one may refer to',
        querystring: {
          type: 'object',
          required: ['docType'],
          additionalProperties: false,
          properties: {
            docType: { type: 'string', enum: lifecycleKinds() },
            search: { type: 'string', maxLength: 200 },
          },
        },
        response: toCorrectResponse,
      },
    },
    async (request) => {
      requireKind(request.query.docType);
      return {
        success: true,
        data: await documentsToCorrect(
          ctx.db,
          callerOf(request),
          request.query.docType,
          request.query.search,
        ),
      };
    },
  );

  app.get<{ Querystring: { docTypeId: number; search?: string } }>(
    '/getDocumentsByDocTypeToCorrect',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The same by DocType id',
        querystring: {
          type: 'object',
          required: ['docTypeId'],
          additionalProperties: false,
          properties: {
            docTypeId: { type: 'integer', minimum: 1 },
            search: { type: 'string', maxLength: 200 },
          },
        },
        response: toCorrectResponse,
      },
    },
    async (request) => {
      const kind = kindOfTypeId(request.query.docTypeId);
      return {
        success: true,
        data: await documentsToCorrect(ctx.db, callerOf(request), kind, request.query.search),
      };
    },
  );

  app.get<{ Querystring: { month?: string } }>(
    '/getInvoiceSendingLastDay',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'The last day to send an invoice for a reporting month (the 10th of the next month)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } },
        },
        response: envelope({
          type: 'object',
          properties: { month: { type: 'string' }, lastDay: { type: 'string' } },
        }),
      },
    },
    async (request: FastifyRequest<{ Querystring: { month?: string } }>) => {
      const month = request.query.month ?? reportingMonth(ctx.now());
      const [year, m] = month.split('-').map(Number);
      const next = new Date(Date.UTC(year, m, INVOICE_SENDING_DAY));
      return { success: true, data: { month, lastDay: next.toISOString().slice(0, 10) } };
    },
  );
}

/** The month an invoice made today reports for: this month (Tashkent time, UTC+5). */
function reportingMonth(now: Date): string {
  return new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 7);
}

function kindOfTypeId(typeId: number): string {
  for (const kind of lifecycleKinds()) {
    if (getTypeId(kind) === typeId) return kind;
  }
  throw new ApiError(404, 'UNKNOWN_KIND', 'exchange:errors.unknownKind', { kind: String(typeId) });
}

const getTypeId = (kind: string) => getLifecycle(kind).typeId;
