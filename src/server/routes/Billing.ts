import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { billingSummary } from '../services/billing/account';
import { chargeMonthlyFees, MONTHLY_FEE_CRON, MONTHLY_FEE_JOB, periodOf } from '../services/billing/fees';
import { ledgerPage } from '../services/billing/ledger';
import { answer, BEARER, listAnswer, pageQuery, types } from './settingsSchemas';

// /api/Billing (issue 15 §4; the spec names the screens — subscription fee, balance and pay — not
// their calls): the organisation's tariff, balance and ledger, and where to pay. Any member reads.
// Registers the monthly fee job and its schedule (docs/jobs.md).

const TAGS = ['Billing'];
const moneyText = {
  type: 'string',
  pattern: '^-?\\d+\\.\\d{2}$',
  description: 'exact decimal, 2 places',
} as const;

export default async function billingRoutes(app: FastifyInstance) {
  app.jobs.define<{ period?: string }>({
    type: MONTHLY_FEE_JOB,
    retryLimit: 5,
    concurrency: 1,
    async run(ctx) {
      // A scheduled tick carries no period: the month it runs in (Tashkent), i.e. the month starting.
      const period = ctx.data.period ?? periodOf(new Date());
      return chargeMonthlyFees(ctx.db, period, {
        signal: ctx.signal,
        onProgress: (done, total) => ctx.progress({ done, total }),
      });
    },
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(MONTHLY_FEE_JOB, MONTHLY_FEE_CRON, {});
  });

  app.addHook('preHandler', authenticate);

  app.get(
    '/getSummary',
    {
      schema: {
        tags: TAGS,
        summary: 'Tariff, balance, the next fee and the bank requisites to pay to',
        security: BEARER,
        response: answer({
          type: 'object',
          properties: {
            tariff: {
              type: ['object', 'null'],
              properties: { code: types.str, name: types.str, monthlyFee: moneyText, isDemo: types.bool },
            },
            balance: moneyText,
            currency: types.str,
            nextFee: {
              type: ['object', 'null'],
              properties: { period: types.str, date: types.str, amount: moneyText },
            },
            monthsCovered: { type: ['integer', 'null'] },
            payee: {
              type: ['object', 'null'],
              properties: {
                name: types.str,
                tin: types.str,
                account: types.str,
                mfo: types.str,
                bankName: types.str,
                isDemo: types.bool,
              },
            },
            paymentPurpose: types.str,
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await billingSummary(app.db, currentUser(request).organizationId),
    }),
  );

  app.get<{ Querystring: { page?: number; pageSize?: number } }>(
    '/getLedger',
    {
      schema: {
        tags: TAGS,
        summary: 'Top-ups and fees, newest first',
        security: BEARER,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { page: pageQuery.page, pageSize: pageQuery.pageSize },
        },
        response: listAnswer({
          type: 'object',
          properties: {
            id: types.str,
            at: types.time,
            entry: { type: 'string', enum: ['topUp', 'monthlyFee', 'adjustment'] },
            amount: moneyText,
            balanceAfter: moneyText,
            period: types.nstr,
            tariffCode: types.nstr,
            reference: types.nstr,
            note: types.nstr,
            recordedBy: types.str,
            isDemo: types.bool,
          },
        }),
      },
    },
    async (request) => ({
      success: true,
      data: await ledgerPage(app.db, currentUser(request).organizationId, request.query),
    }),
  );
}
