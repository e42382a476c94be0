import type { FastifyInstance } from 'fastify';
import { EIMZO_MIN_VERSION } from '../../engine/constants';
import { pluginSocketUrls } from '../http/pluginUrls';
import { signOriginOf } from '../http/signHost';
import { OFFICIAL_DEV_API_KEYS } from '../signing/config';

/** Public client settings: where the browser finds the E-IMZO plug-in and its API key for this host. */
export default async function configRoutes(app: FastifyInstance) {
  app.get(
    '/client',
    {
      schema: {
        tags: ['Config'],
        summary: 'Settings the web client needs before sign-in (E-IMZO plug-in location and API key)',
        response: {
          200: {
            type: 'object',
            required: ['eimzo', 'demo'],
            properties: {
              eimzo: {
                type: 'object',
                required: ['wsUrl', 'wssUrl', 'apiKey', 'domain', 'minVersion'],
                properties: {
                  wsUrl: { type: 'string', description: 'Plug-in WebSocket URL for http pages' },
                  wssUrl: { type: 'string', description: 'Plug-in WebSocket URL for https pages' },
                  domain: { type: 'string', description: 'The domain the API key is for (the request host)' },
                  apiKey: {
                    type: ['string', 'null'],
                    description: 'Plug-in API key of that domain; null when none is configured',
                  },
                  minVersion: { type: 'string' },
                },
              },
              demo: {
                type: 'boolean',
                description: 'Demo mode: demo keys and the E-IMZO emulator are in use',
              },
              signOrigin: {
                type: ['string', 'null'],
                description:
                  'Where DocumentSignAction run and multiRun go (the page host with the SIGN_SUBDOMAIN prefix); null: this host',
              },
              emulator: {
                type: 'object',
                description: 'Demo mode only: the E-IMZO emulator (its password-dialog control channel)',
                required: ['controlUrl'],
                properties: { controlUrl: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const eimzo = app.config.eimzo;
      const domain = request.hostname
        .replace(/:\d+$/, '')
        .replace(/^\[|\]$/g, '')
        .toLowerCase();
      const apiKeys = eimzo?.apiKeys ?? OFFICIAL_DEV_API_KEYS;
      reply.header('cache-control', 'no-store');
      const demo = app.config.demo && !app.config.production;
      return {
        eimzo: {
          ...pluginSocketUrls(app.config),
          domain,
          apiKey: apiKeys[domain] ?? null,
          minVersion: eimzo?.minVersion ?? EIMZO_MIN_VERSION,
        },
        demo,
        signOrigin: signOriginOf(app.config, request),
        ...(demo && eimzo?.emulatorControlUrl ? { emulator: { controlUrl: eimzo.emulatorControlUrl } } : {}),
      };
    },
  );
}
