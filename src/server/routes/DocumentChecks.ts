import type { FastifyInstance } from 'fastify';
import { lifecycleKinds } from '../../engine/lifecycle';
import { authenticate } from '../auth';
import { DOCUMENT_BODY_LIMIT } from '../limits';
import { requireDocumentRight } from '../services/access';
import { runChecks } from '../services/checks';
import { callerOf, loadVisible, requireKind } from '../services/documents';
import { taxAuthorityOf } from '../services/soliq/instance';
import { anyObject, envelope, uuid } from './documentSchemas';

// /api/Document/checks — the pre-sign checks of issue 29 (docs/checks.md): POST for the content being
// edited (the editor's panel, the send dialog), GET for a stored document (an incoming one before
// accepting: moment=accept).

const moment = { type: 'string', pattern: '^[a-zA-Z]{1,40}$', default: 'editor' } as const;

const checksAnswer = envelope({
  type: 'object',
  properties: {
    blocked: { type: 'boolean' },
    checks: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          level: { type: 'string', enum: ['block', 'warn', 'inform'] },
          outcome: { type: 'string', enum: ['tripped', 'passed', 'notChecked'] },
          title: { type: 'string' },
          reason: { type: 'string' },
          action: { type: 'string' },
          reads: { type: 'array', items: { type: 'string' } },
          demo: { type: 'boolean' },
          authorityReply: { type: ['string', 'null'] },
        },
      },
    },
  },
});

export default async function documentChecksRoutes(app: FastifyInstance) {
  app.post<{ Querystring: { kind: string; documentId?: string; moment: string }; Body: unknown }>(
    '/checks',
    {
      onRequest: authenticate,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags: ['Document'],
        security: [{ bearer: [] }],
        summary:
          'The pre-sign checks of this content: blocks, warnings and notes with reason and what to do; a look-up that did not answer is "notChecked"',
        querystring: {
          type: 'object',
          required: ['kind'],
          additionalProperties: false,
          properties: { kind: { type: 'string', enum: lifecycleKinds() }, documentId: uuid, moment },
        },
        body: anyObject,
        response: checksAnswer,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      requireKind(request.query.kind);
      await requireDocumentRight(app.db, caller.user, request.query.kind, 'create');
      if (request.query.documentId) await loadVisible(app.db, caller, request.query.documentId);
      const data = await runChecks({
        db: app.db,
        authority: taxAuthorityOf(app),
        caller,
        kind: request.query.kind,
        content: request.body,
        documentId: request.query.documentId ?? null,
        moment: request.query.moment,
        now: app.documents.now(),
      });
      return { success: true, data };
    },
  );

  app.get<{ Querystring: { documentId: string; moment: string } }>(
    '/checks',
    {
      onRequest: authenticate,
      schema: {
        tags: ['Document'],
        security: [{ bearer: [] }],
        summary:
          "The checks of a stored document at a moment (moment=accept on an incoming one: the supplier's risk status as the tax authority gives it)",
        querystring: {
          type: 'object',
          required: ['documentId'],
          additionalProperties: false,
          properties: { documentId: uuid, moment },
        },
        response: checksAnswer,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { doc } = await loadVisible(app.db, caller, request.query.documentId);
      const data = await runChecks({
        db: app.db,
        authority: taxAuthorityOf(app),
        caller,
        kind: doc.kind,
        content: doc.content,
        documentId: doc.id,
        moment: request.query.moment,
        now: app.documents.now(),
      });
      return { success: true, data };
    },
  );
}
