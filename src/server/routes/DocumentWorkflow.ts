import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerOf } from '../services/documents';
import {
  getDocumentWorkflow,
  refuseStopped,
  setDocumentStatus,
  stopDocument,
} from '../services/documents/workflow';
import { documentIdQuery, envelope, uuid } from './documentSchemas';

// /api/Document — the document actions "update status" and "stop" of spec §4: the caller's
// organisation's own status of a document and its hold on signing (services/documents/workflow.ts;
// docs/documents-api.md §3 "Own statuses and hold").

const TAGS = ['Document'];
const security = [{ bearer: [] }];

const text500 = { type: ['string', 'null'], maxLength: 500, pattern: '^[^\\u0000]*$' } as const;

export const workflowView = {
  type: 'object',
  properties: {
    documentId: { type: 'string' },
    status: {
      type: ['object', 'null'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, color: { type: ['string', 'null'] } },
    },
    comment: { type: ['string', 'null'] },
    stopped: { type: 'boolean' },
    stopReason: { type: ['string', 'null'] },
    stoppedAt: { type: ['string', 'null'], format: 'date-time' },
    version: { type: 'integer', description: '0 while nothing was set' },
    updatedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const version = {
  type: 'integer',
  minimum: 0,
  maximum: 2147483647,
  description: 'The version you read (getOwnStatus); 409 when it changed since',
} as const;

export default async function documentWorkflowRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const db = app.documents.db;
  // A document the acting organisation stopped is not signed, by any path (run, multiRun, bulk).
  app.documents.addListener(refuseStopped);

  app.get<{ Querystring: { documentId: string } }>(
    '/getOwnStatus',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Your organisation’s own status of a document, its comment, and whether you stopped it',
        querystring: documentIdQuery,
        response: envelope(workflowView),
      },
    },
    async (request) => ({
      success: true,
      data: await getDocumentWorkflow(db, callerOf(request), request.query.documentId),
    }),
  );

  app.post<{
    Body: { documentId: string; statusId: string | null; comment?: string | null; version?: number };
  }>(
    '/updateStatus',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'Update status (spec §4): set one of your organisation’s own statuses on a document (null clears it); never seen by the counterparty',
        body: {
          type: 'object',
          required: ['documentId', 'statusId'],
          additionalProperties: false,
          properties: {
            documentId: uuid,
            statusId: { type: ['string', 'null'], format: 'uuid' },
            comment: text500,
            version,
          },
        },
        response: envelope(workflowView),
      },
    },
    async (request) => {
      const { documentId, ...input } = request.body;
      return { success: true, data: await setDocumentStatus(db, callerOf(request), documentId, input) };
    },
  );

  app.post<{ Body: { documentId: string; stopped?: boolean; reason?: string | null; version?: number } }>(
    '/stop',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'Stop (spec §4): hold a document in your organisation — nobody of yours may sign it until released (stopped: false)',
        body: {
          type: 'object',
          required: ['documentId'],
          additionalProperties: false,
          properties: {
            documentId: uuid,
            stopped: { type: 'boolean', default: true },
            reason: text500,
            version,
          },
        },
        response: envelope(workflowView),
      },
    },
    async (request) => {
      const { documentId, stopped = true, reason, version: read } = request.body;
      return {
        success: true,
        data: await stopDocument(db, callerOf(request), documentId, { stopped, reason, version: read }),
      };
    },
  );
}
