import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerLimitKey } from '../http/publishedLimits';
import { callerOf } from '../services/documents';
import {
  createFeedPacer,
  createFeedWake,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  FEED_WAIT_MAX_SECONDS,
  followFeed,
} from '../services/feed';

// /api/Events: the event feed (issue 30, docs/integrating.md "Event feed"). Every document event the
// caller may see — its organisation's party rows, the kinds it may view, its branch — in commit order,
// after an opaque cursor, with long polling.

const TAGS = ['Events'];
const BEARER = [{ bearer: [] }];

export const feedEventSchema = {
  type: 'object',
  required: ['id', 'type', 'documentId', 'kind', 'action', 'at', 'cursor'],
  properties: {
    id: { type: 'string', description: 'Unique per event in your feed (its position)' },
    type: { type: 'string', description: '`document.<action>`: document.create, document.send, …' },
    documentId: { type: 'string' },
    kind: { type: 'string' },
    action: { type: 'string' },
    fromStatus: { type: ['integer', 'null'] },
    toStatus: { type: ['integer', 'null'] },
    seq: { type: ['integer', 'null'] },
    number: { type: ['string', 'null'] },
    actorIdentity: { type: ['string', 'null'] },
    at: { type: 'string', format: 'date-time' },
    cursor: { type: 'string', description: 'The cursor just after this event' },
  },
} as const;

const errorBody = {
  type: 'object',
  properties: { success: { type: 'boolean' }, code: { type: 'string' }, message: { type: 'string' } },
} as const;

export default async function eventRoutes(app: FastifyInstance) {
  const wake = createFeedWake(app.db);
  app.addHook('onClose', () => wake.close());
  const pacer = createFeedPacer();
  const paceKey = callerLimitKey('events');

  app.get<{ Querystring: { cursor?: string; limit?: number; wait?: number } }>(
    '/getList',
    {
      preHandler: authenticate,
      // Long polling makes a loop of requests unnecessary: 2 a second per caller is plenty.
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: callerLimitKey('events'),
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Document events after a cursor, in commit order; waits up to `wait` seconds for the next',
        description:
          'Never skips or repeats an event: positions are assigned at commit under a lock (docs/integrating.md). ' +
          'Pass back the answer’s `cursor`; an empty page answers the cursor sent.',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            cursor: { type: 'string', maxLength: 40 },
            limit: { type: 'integer', minimum: 1, maximum: FEED_PAGE_MAX, default: FEED_PAGE_DEFAULT },
            wait: { type: 'integer', minimum: 0, maximum: FEED_WAIT_MAX_SECONDS, default: 0 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                required: ['events', 'cursor'],
                properties: { events: { type: 'array', items: feedEventSchema }, cursor: { type: 'string' } },
              },
            },
          },
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const gone = new AbortController();
      const onClose = () => gone.abort();
      // The client went away (the response's close before it was sent): stop waiting.
      reply.raw.once('close', onClose);
      try {
        const page = await followFeed(app.db, wake, caller, request.query, gone.signal, {
          pacer,
          key: paceKey(request),
        });
        return { success: true, data: page };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
