import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { getBank } from '../services/reference/banks/store';
import { referenceConfigOf } from '../services/reference/configOf';
import { bankSchema } from './InvoiceItem';
import { BEARER, dataAnswer, MFO, obj, str } from './referenceSchemas';

// /api/Banks (spec §7): a bank by MFO, and where a subscriber pays the service's fee (paymentInfo).

const TAGS = ['Banks'];

export default async function banksRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { mfo: string } }>(
    '/getByMfo',
    {
      schema: {
        tags: TAGS,
        summary: 'A bank branch by its MFO',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['mfo'],
          properties: { mfo: str('MFO, 5 digits', { pattern: MFO }) },
        },
        response: dataAnswer(bankSchema),
      },
    },
    async (request) => {
      const bank = await getBank(app.db, request.query.mfo);
      if (!bank)
        throw new ApiError(404, 'BANK_NOT_FOUND', 'reference:errors.bankNotFound', {
          mfo: request.query.mfo,
        });
      return { success: true, data: bank };
    },
  );

  app.get(
    '/paymentInfo',
    {
      schema: {
        tags: TAGS,
        summary:
          "The service's payment requisites for the subscription fee, with the payment purpose naming your organisation",
        security: BEARER,
        response: dataAnswer(
          obj({
            recipient: str('Recipient'),
            tin: str("Recipient's TIN"),
            account: str('Account'),
            mfo: str('MFO'),
            bankName: { type: ['string', 'null'] },
            purpose: str('Payment purpose to write on the order'),
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => {
      const payment = referenceConfigOf(app.config).payment;
      if (!payment)
        throw new ApiError(404, 'PAYMENT_INFO_NOT_CONFIGURED', 'reference:errors.paymentNotConfigured');
      const user = currentUser(request);
      const bank = await getBank(app.db, payment.mfo);
      const purpose = translate(requestLanguage(request), 'reference:payment.purpose', {
        identity: user.tin ?? user.pinfl ?? '',
      });
      return {
        success: true,
        data: {
          recipient: payment.name,
          tin: payment.tin,
          account: payment.account,
          mfo: payment.mfo,
          bankName: bank?.name ?? null,
          purpose,
          isDemo: payment.isDemo,
        },
      };
    },
  );
}
