import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getLifecycle, isAwaiting, statusInfo } from '../../engine/lifecycle';
import { authenticate, currentUser } from '../auth';
import { requireDocumentRight } from '../services/access';
import {
  type AgreedDocument,
  agreementHistory,
  agreementInfo,
  createAgreement,
  decideAsController,
  decideAsPerformer,
  deleteAgreement,
  resendForAgree,
} from '../services/access/agreements';
import { callerOf, loadVisible } from '../services/documents';
import {
  agreementEventView,
  agreementInfoView,
  answer,
  BEARER,
  listAnswer,
  performerView,
  types,
} from './settingsSchemas';

// The Document group's agreement operations (spec §4, §7), mounted at /api/Document: the internal
// approval route of a document before it is signed. A document the caller's organisation does not
// see is a 404; every operation needs the right to view the kind.

const TAGS = ['Document'];
const comment = { type: 'string', maxLength: 500 } as const;
const documentQuery = {
  type: 'object',
  required: ['documentId'],
  additionalProperties: false,
  properties: { documentId: types.uuid },
} as const;
const decisionBody = {
  type: 'object',
  required: ['documentId', 'approve'],
  additionalProperties: false,
  properties: { documentId: types.uuid, approve: types.bool, comment },
} as const;

export default async function documentAgreementRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  /** The document as the caller's organisation sees it, or 404; then the view right of its kind. */
  async function visible(request: FastifyRequest, documentId: string): Promise<AgreedDocument> {
    const caller = callerOf(request);
    const { doc, party } = await loadVisible(app.db, caller, documentId);
    await requireDocumentRight(app.db, currentUser(request), doc.kind, 'view', {
      ip: request.ip,
      documentId,
    });
    return {
      id: doc.id,
      kind: doc.kind,
      contentHash: doc.content_hash,
      final: statusInfo(doc.kind, doc.status)?.final === true,
      // The caller's own draft, or a status the life cycle says waits for one of its roles.
      awaitsCaller:
        (doc.status === getLifecycle(doc.kind).initial && party.roles.includes('sender')) ||
        isAwaiting(doc.kind, { status: doc.status, roles: party.roles, identity: caller.identity }),
    };
  }

  app.post<{
    Body: { documentId: string; performers: string[]; mode?: 'sequential' | 'parallel'; comment?: string };
  }>(
    '/createAgreement',
    {
      schema: {
        tags: TAGS,
        summary:
          'Sends the document for internal approval to staff members, in order or all at once, with a comment',
        security: BEARER,
        body: {
          type: 'object',
          required: ['documentId', 'performers'],
          additionalProperties: false,
          properties: {
            documentId: types.uuid,
            performers: { type: 'array', minItems: 1, maxItems: 20, items: types.uuid },
            mode: { type: 'string', enum: ['sequential', 'parallel'], default: 'sequential' },
            comment,
          },
        },
        response: answer(agreementInfoView),
      },
    },
    async (request) => {
      const doc = await visible(request, request.body.documentId);
      const { performers, mode = 'sequential', comment: text } = request.body;
      return {
        success: true,
        data: await createAgreement(app.db, currentUser(request), doc, { performers, mode, comment: text }),
      };
    },
  );

  app.post<{ Body: { documentId: string; approve: boolean; comment?: string } }>(
    '/makeAcceptanceUser',
    {
      schema: {
        tags: TAGS,
        summary: 'A performer approves or declines (declining needs a comment), in their turn',
        security: BEARER,
        body: decisionBody,
        response: answer(agreementInfoView),
      },
    },
    async (request) => {
      const doc = await visible(request, request.body.documentId);
      return {
        success: true,
        data: await decideAsPerformer(app.db, currentUser(request), doc, request.body),
      };
    },
  );

  app.post<{ Body: { documentId: string; approve: boolean; comment?: string } }>(
    '/makeAcceptanceController',
    {
      schema: {
        tags: TAGS,
        summary: 'A controller (the director or a staff manager) approves or declines the whole route',
        security: BEARER,
        body: decisionBody,
        response: answer(agreementInfoView),
      },
    },
    async (request) => {
      const doc = await visible(request, request.body.documentId);
      return {
        success: true,
        data: await decideAsController(app.db, currentUser(request), doc, request.body),
      };
    },
  );

  app.post<{ Body: { documentId: string; comment?: string } }>(
    '/resendForAgree',
    {
      schema: {
        tags: TAGS,
        summary: 'Starts the route again for the document’s current content (after a decline or an edit)',
        security: BEARER,
        body: {
          type: 'object',
          required: ['documentId'],
          additionalProperties: false,
          properties: { documentId: types.uuid, comment },
        },
        response: answer(agreementInfoView),
      },
    },
    async (request) => {
      const doc = await visible(request, request.body.documentId);
      return { success: true, data: await resendForAgree(app.db, currentUser(request), doc, request.body) };
    },
  );

  app.route<{ Querystring: { documentId: string } }>({
    method: ['GET', 'DELETE'],
    url: '/deleteAgreement',
    schema: {
      tags: TAGS,
      summary:
        'Removes the route (its history stays); the one who started it or a controller (spec §7: a GET)',
      security: BEARER,
      querystring: documentQuery,
      response: answer(agreementInfoView),
    },
    handler: async (request) => {
      const doc = await visible(request, request.query.documentId);
      return { success: true, data: await deleteAgreement(app.db, currentUser(request), doc) };
    },
  });

  app.get<{ Querystring: { documentId: string } }>(
    '/getAgreementInfo',
    {
      schema: {
        tags: TAGS,
        summary: 'The route: performers, decisions, status, and what the caller may do',
        security: BEARER,
        querystring: documentQuery,
        response: answer(agreementInfoView),
      },
    },
    async (request) => {
      const doc = await visible(request, request.query.documentId);
      return { success: true, data: await agreementInfo(app.db, currentUser(request), doc) };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/isDocumentAgreed',
    {
      schema: {
        tags: TAGS,
        summary:
          'Whether the document has an approved route for its current content (and whether its kind requires one)',
        security: BEARER,
        querystring: documentQuery,
        response: answer({
          type: 'object',
          properties: { agreed: types.bool, required: types.bool, status: types.nstr, stale: types.bool },
        }),
      },
    },
    async (request) => {
      const info = await agreementInfo(
        app.db,
        currentUser(request),
        await visible(request, request.query.documentId),
      );
      return {
        success: true,
        data: {
          agreed: info.agreed,
          required: info.required,
          status: info.agreement?.status ?? null,
          stale: info.agreement?.stale ?? false,
        },
      };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/isAgreeAllowed',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the caller may approve or decline now (as a performer in turn, or as a controller)',
        security: BEARER,
        querystring: documentQuery,
        response: answer({ type: 'object', properties: { allowed: types.bool, asController: types.bool } }),
      },
    },
    async (request) => {
      const info = await agreementInfo(
        app.db,
        currentUser(request),
        await visible(request, request.query.documentId),
      );
      return {
        success: true,
        data: { allowed: info.can.decide || info.can.control, asController: info.can.control },
      };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getAgreePerformers',
    {
      schema: {
        tags: TAGS,
        summary: 'The route’s performers in order with their decisions',
        security: BEARER,
        querystring: documentQuery,
        response: listAnswer(performerView),
      },
    },
    async (request) => {
      const info = await agreementInfo(
        app.db,
        currentUser(request),
        await visible(request, request.query.documentId),
      );
      return { success: true, data: { rows: info.performers, totalCount: info.performers.length } };
    },
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getAgreeHistory',
    {
      schema: {
        tags: TAGS,
        summary: 'Everything that happened to the document’s approval routes, oldest first',
        security: BEARER,
        querystring: documentQuery,
        response: listAnswer(agreementEventView),
      },
    },
    async (request) => {
      const doc = await visible(request, request.query.documentId);
      const rows = await agreementHistory(app.db, currentUser(request), doc.id);
      return { success: true, data: { rows, totalCount: rows.length } };
    },
  );
}
