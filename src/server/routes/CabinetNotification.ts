import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { callerOf, readScope } from '../services/documents';
import {
  listNotifications,
  markRead,
  notifyTransition,
  remindBeforeAutoAcceptance,
} from '../services/notifications';

// /api/CabinetNotification (spec §7): getList for the bell (with the unread count) and markRead.
// Notifications are written by the documents' transition listener, by finishing jobs and by an hourly
// reminder two days before an incoming document is accepted automatically.

const REMINDER_JOB = 'notifications.respondSoon';

export default async function cabinetNotificationRoutes(app: FastifyInstance) {
  app.documents.addListener(notifyTransition);
  app.jobs.define({
    type: REMINDER_JOB,
    concurrency: 1,
    run: async (ctx) => ({ added: await remindBeforeAutoAcceptance(ctx.db, app.documents.now()) }),
  });
  app.addHook('onReady', async () => {
    // Minute 17 of every hour is the same instant in UTC and in Tashkent (a whole-hour offset); schedules
    // are in UTC (billing/fees.ts MONTHLY_FEE_CRON says why).
    await app.jobs.schedule(REMINDER_JOB, '17 * * * *', {});
  });

  app.addHook('preHandler', authenticate);
  const who = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    return { caller, who: { identity: caller.identity, organizationId: caller.user.organizationId } };
  };

  app.get<{ Querystring: { page: number; size: number; unreadOnly: boolean } }>(
    '/getList',
    {
      schema: {
        tags: ['CabinetNotification'],
        summary: 'Your notifications, newest first, with the unread count',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, default: 1 },
            size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            unreadOnly: { type: 'boolean', default: false },
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
                    type: { type: 'string' },
                    documentId: { type: ['string', 'null'] },
                    kind: { type: ['string', 'null'] },
                    number: { type: ['string', 'null'] },
                    counterpartyName: { type: ['string', 'null'] },
                    reason: { type: ['string', 'null'] },
                    jobId: { type: ['string', 'null'] },
                    details: { type: ['object', 'null'], additionalProperties: true },
                    createdAt: { type: 'string' },
                    read: { type: 'boolean' },
                    message: { type: 'string' },
                  },
                },
              },
              totalCount: { type: 'integer' },
              unreadCount: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => {
      const { caller, who: w } = who(request);
      const scope = await readScope(app.db, caller);
      return listNotifications(app.db, w, request.query, caller.lang, scope);
    },
  );

  app.post<{ Body: { ids?: string[] } }>(
    '/markRead',
    {
      schema: {
        tags: ['CabinetNotification'],
        summary: 'Mark notifications read (all when no ids are given)',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: { ids: { type: 'array', maxItems: 500, items: { type: 'string', format: 'uuid' } } },
        },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, marked: { type: 'integer' } } },
        },
      },
    },
    async (request) => {
      const { who: w } = who(request);
      return { success: true, marked: await markRead(app.db, w, request.body?.ids ?? null) };
    },
  );
}
