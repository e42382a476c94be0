import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { requireDocumentRight } from '../services/access';
import { callerOf, loadVisible } from '../services/documents';
import { providerById } from '../services/operators/catalogue';
import {
  PULL_JOB,
  PUSH_JOB,
  registerOperatorSync,
  sendRouteOf,
  transportOf,
} from '../services/operators/sync';
import { documentIdQuery, errorResponse } from './documentSchemas';

// /api/Synchronize — what travels through the company's exchange operator (docs/operators.md):
// a document's transport state, a synchronisation now, a failed push tried again.

const TAGS = ['Synchronize'];
const security = [{ bearer: [] }];

const transportView = {
  type: ['object', 'null'],
  properties: {
    provider: { type: 'string' },
    operatorId: { type: ['string', 'null'] },
    roamingId: { type: ['string', 'null'] },
    direction: { type: 'string' },
    state: { type: 'string' },
    operatorStatus: { type: ['integer', 'null'] },
    failureCode: { type: ['string', 'null'] },
    failureMessage: { type: ['string', 'null'] },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: ['string', 'null'] },
  },
} as const;

const jobAnswer = {
  200: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data: { type: 'object', properties: { jobId: { type: 'string' } } },
    },
  },
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

export default async function synchronizeOperatorRoutes(app: FastifyInstance) {
  registerOperatorSync(app);
  app.addHook('preHandler', authenticate);

  const bound = async (organizationId: string) => {
    const { rows } = await app.db.query('select 1 from operator_bindings where organization_id = $1', [
      organizationId,
    ]);
    if (!rows.length) throw new ApiError(409, 'NOT_BOUND', 'sync:errors.notBound');
  };

  app.get<{ Querystring: { documentId: string } }>(
    '/getTransport',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'How a document travels through the exchange operator: its ids there and its transport state',
        querystring: documentIdQuery,
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: transportView } },
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { doc } = await loadVisible(app.db, caller, request.query.documentId);
      const row = await transportOf(app.db, caller.user.organizationId, doc.id);
      return {
        success: true,
        data: row && {
          provider: row.provider,
          operatorId: row.operator_id,
          roamingId: row.roaming_id,
          direction: row.direction,
          state: row.transport_state,
          operatorStatus: row.operator_status,
          failureCode: row.failure_code,
          failureMessage: row.failure_message,
          attempts: row.attempts,
          nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
        },
      };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getSendRoute',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'Whether the document’s next action goes to the counterparty through the exchange operator (a counterparty not on this server, the company bound) — shown before signing',
        querystring: documentIdQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: ['object', 'null'],
                properties: {
                  provider: { type: 'string' },
                  providerName: { type: 'string' },
                  carried: {
                    type: 'boolean',
                    description:
                      'False: the counterparty is not on this server but the operator does not carry the document’s kind — nothing goes to the operator, the document stays on this server',
                  },
                },
              },
            },
          },
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { doc, parties } = await loadVisible(app.db, caller, request.query.documentId);
      const route = await sendRouteOf(
        app.db,
        caller.user.organizationId,
        caller.identity,
        doc,
        parties.map((p) => p.identity),
      );
      return {
        success: true,
        data: route && {
          provider: route.provider,
          providerName: providerById(route.provider)?.name ?? route.provider,
          carried: route.carried,
        },
      };
    },
  );

  app.post(
    '/syncNow',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Synchronise with the exchange operator now: take its changes and hand it what waits',
        response: jobAnswer,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const organizationId = caller.user.organizationId;
      await bound(organizationId);
      const owner = { organizationId, userId: caller.user.userId };
      const jobId = await app.db.transaction(async (tx) => {
        await app.jobs.enqueue(tx, PUSH_JOB, { organizationId }, { owner });
        return app.jobs.enqueue(tx, PULL_JOB, { organizationId, userId: caller.user.userId }, { owner });
      });
      return { success: true, data: { jobId } };
    },
  );

  app.post<{ Querystring: { documentId: string } }>(
    '/retryTransport',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Hand a document’s failed or waiting actions to the exchange operator again',
        querystring: documentIdQuery,
        response: jobAnswer,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const organizationId = caller.user.organizationId;
      const { doc } = await loadVisible(app.db, caller, request.query.documentId);
      await requireDocumentRight(app.db, caller.user, doc.kind, doc.source === 'created' ? 'send' : 'accept');
      await bound(organizationId);
      const jobId = await app.db.transaction(async (tx) => {
        await tx.query(
          `update operator_outbox set state = 'queued', next_attempt_at = null
            where organization_id = $1 and document_id = $2 and state in ('failed', 'queued')`,
          [organizationId, doc.id],
        );
        await tx.query(
          `update operator_documents set transport_state = 'queued', next_attempt_at = null, updated_at = now()
            where organization_id = $1 and document_id = $2 and transport_state in ('failed', 'queued')`,
          [organizationId, doc.id],
        );
        return app.jobs.enqueue(
          tx,
          PUSH_JOB,
          { organizationId },
          { owner: { organizationId, userId: caller.user.userId } },
        );
      });
      return { success: true, data: { jobId } };
    },
  );
}
