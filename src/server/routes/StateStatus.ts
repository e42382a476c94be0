import type { FastifyInstance } from 'fastify';
import { getKind } from '../../engine';
import { getLifecycle, lifecycleKinds } from '../../engine/lifecycle';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { envelope } from './documentSchemas';

// /api/StateStatus — each kind's whole state machine as data: statuses, parties, actions with their
// statuses, signed shapes, reasons and result codes. What an integrator must follow.

export default async function stateStatusRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { kind?: string } }>(
    '/list',
    {
      schema: {
        tags: ['StateStatus'],
        summary: 'The state machine of a kind, or of every kind',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { kind: { type: 'string', maxLength: 40 } },
        },
        response: envelope({ type: 'array', items: { type: 'object', additionalProperties: true } }),
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const { kind } = request.query;
      if (kind !== undefined && !lifecycleKinds().includes(kind))
        throw new ApiError(404, 'UNKNOWN_KIND', 'exchange:errors.unknownKind', { kind });
      const kinds = kind ? [kind] : lifecycleKinds();
      return {
        success: true,
        data: kinds.map((k) => {
          const lifecycle = getLifecycle(k);
          return {
            kind: k,
            name: translate(lang, getKind(k).titleKey),
            ...lifecycle,
            statuses: lifecycle.statuses.map((s) => ({
              ...s,
              name: translate(lang, `exchange:status.${s.key}`),
            })),
            actions: lifecycle.actions.map((a) => ({
              ...a,
              title: translate(lang, `exchange:action.${a.name}`),
            })),
          };
        }),
      };
    },
  );
}
