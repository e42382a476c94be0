import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { callerOf, readScope } from '../services/documents';
import { getStatistics } from '../services/statistics';

// /api/Statistics (spec §7): getList(dateFrom, dateTo) — the caller's documents counted and summed by
// direction, kind, status and month, the top counterparties and what waits for the caller.

const bucket = {
  count: { type: 'integer' },
  sum: { type: 'string', description: 'exact decimal, 2 places' },
} as const;
const list = (extra: Record<string, object>) => ({
  type: 'array',
  items: { type: 'object', properties: { ...extra, ...bucket } },
});

export default async function statisticsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  app.get<{ Querystring: { dateFrom: string; dateTo: string } }>(
    '/getList',
    {
      schema: {
        tags: ['Statistics'],
        summary: 'Counts and sums of your documents for a period (whole months of the document date)',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          required: ['dateFrom', 'dateTo'],
          properties: {
            dateFrom: { type: 'string', format: 'date' },
            dateTo: { type: 'string', format: 'date' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: {
                  period: {
                    type: 'object',
                    properties: { monthFrom: { type: 'string' }, monthTo: { type: 'string' } },
                  },
                  totals: {
                    type: 'object',
                    properties: Object.fromEntries(
                      ['incoming', 'outgoing', 'drafts'].map((d) => [
                        d,
                        { type: 'object', properties: bucket },
                      ]),
                    ),
                  },
                  byKind: list({ direction: { type: 'string' }, kind: { type: 'string' } }),
                  byStatus: list({ direction: { type: 'string' }, status: { type: 'string' } }),
                  byMonth: list({ direction: { type: 'string' }, month: { type: 'string' } }),
                  topCounterparties: list({
                    identity: { type: 'string' },
                    name: { type: ['string', 'null'] },
                  }),
                  waitingForYou: { type: 'integer' },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { dateFrom, dateTo } = request.query;
      if (dateFrom > dateTo) throw new ApiError(400, 'PERIOD_REVERSED', 'statistics:errors.periodReversed');
      const caller = callerOf(request);
      // The same rights as the lists: the kinds the caller may view, its branch when limited to one.
      const scope = await readScope(app.db, caller);
      return {
        success: true,
        data: await getStatistics(
          app.db,
          caller.identity,
          { dateFrom, dateTo },
          scope,
          caller.user.partyGeneration,
        ),
      };
    },
  );
}
