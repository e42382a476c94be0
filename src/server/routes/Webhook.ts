import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser, requirePerson, requireRole } from '../auth';
import { callerLimitKey } from '../http/publishedLimits';
import { NOT_BLANK_PATTERN } from '../limits';
import { createFeedWake } from '../services/feed';
import { dispatchWebhooks } from '../services/webhooks/deliveries';
import {
  addEndpoint,
  deleteEndpoint,
  ENDPOINTS_MAX,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  SECRET_OVERLAP_HOURS_DEFAULT,
  sendTestEvent,
  updateEndpoint,
} from '../services/webhooks/endpoints';
import { TEST_EVENT_TYPE, webhookEventTypes } from '../services/webhooks/eventTypes';
import { createWebhookSender } from '../services/webhooks/sender';

// /api/Webhook: webhook endpoints of the organisation, their delivery log, resend and test events
// (issue 30, docs/integrating.md "Webhooks"). Owner or admin, as a person. Deliveries come from the
// event feed (a dispatch pass on every feed commit) and are sent by the instance's webhook sender
// (services/webhooks/sender.ts), signed per Standard Webhooks.

const TAGS = ['Webhook'];
const BEARER = [{ bearer: [] }];
const LIMIT = {
  max: 60,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: callerLimitKey('webhooks'),
} as const;
/** A dispatch pass at least this often, notified or not (retries come from the queue itself). */
const DISPATCH_EVERY_MS = 30_000;

const endpointSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    description: { type: 'string' },
    eventTypes: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
    failingSince: { type: ['string', 'null'] },
    disabledAt: { type: ['string', 'null'] },
    disabledReason: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    secretPrefix: { type: 'string' },
    previousSecretUntil: { type: ['string', 'null'] },
    secret: { type: 'string', description: 'In the answers of add and rotateSecret only' },
  },
} as const;
const envelope = (data: object) =>
  ({ type: 'object', properties: { success: { type: 'boolean' }, data } }) as const;
const idQuery = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;
const eventTypes = {
  type: 'array',
  maxItems: 50,
  items: { type: 'string', pattern: '^(document|webhook)\\.[a-zA-Z]+$', maxLength: 60 },
} as const;
const url = { type: 'string', minLength: 1, maxLength: 2000, pattern: NOT_BLANK_PATTERN } as const;

export default async function webhookRoutes(app: FastifyInstance) {
  const allowPrivate = app.config.webhooksAllowPrivate === true;
  // The sender runs where job workers run (servers; tests send by hand: sendDueDeliveries).
  const sender = createWebhookSender(app.db, app.log, {
    allowPrivate,
    now: () => app.documents.now(),
    // One process per host and port: started again there, it ends its dead predecessor's leases.
    claimer: app.config.port ? `${os.hostname()}:${app.config.port}` : null,
  });

  // Dispatch: on every feed commit (NOTIFY) and every 30 s; one pass at a time per instance, several
  // instances share the endpoints (for update skip locked). New deliveries wake this instance's sender.
  const wake = createFeedWake(app.db);
  let stopped = false;
  let running = false;
  let again = false;
  const pass = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const created = await dispatchWebhooks(app.db).catch((error) => {
          app.log.error({ err: error }, 'webhook dispatch');
          return 0;
        });
        if (created) sender.wake();
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    if (app.jobs.workers) sender.start();
    const loop = async () => {
      while (!stopped) {
        const seen = wake.generation();
        await pass();
        // Woken by the feed's NOTIFY; otherwise every DISPATCH_EVERY_MS, not the feed readers'
        // 2 s recheck (which kept an idle server querying its endpoints 30 times a minute).
        await wake.after(seen, DISPATCH_EVERY_MS, undefined, DISPATCH_EVERY_MS);
      }
    };
    void loop();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await wake.close();
    await sender.stop();
  });

  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requirePerson);
  app.addHook('preHandler', requireRole('owner', 'admin'));

  app.get(
    '/getList',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'The organisation’s webhook endpoints',
        security: BEARER,
        response: { 200: envelope({ type: 'array', items: endpointSchema }) },
      },
    },
    async (request) => ({ success: true, data: await listEndpoints(app.db, currentUser(request)) }),
  );

  app.get(
    '/getEventTypes',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'The event types an endpoint may ask for (every `document.<action>` of the feed), and the test event’s',
        security: BEARER,
        response: {
          200: envelope({
            type: 'object',
            properties: {
              types: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    type: { type: 'string' },
                    action: { type: 'string' },
                    kinds: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
              testType: { type: 'string' },
            },
          }),
        },
      },
    },
    async () => ({ success: true, data: { types: webhookEventTypes(), testType: TEST_EVENT_TYPE } }),
  );

  app.post<{ Body: { url: string; description?: string; eventTypes?: string[] } }>(
    '/add',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: `Add an endpoint (http/https, public addresses only; at most ${ENDPOINTS_MAX}); the signing secret is shown once`,
        security: BEARER,
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: { url, description: { type: 'string', maxLength: 200 }, eventTypes },
        },
        response: { 200: envelope(endpointSchema) },
      },
    },
    async (request) => ({
      success: true,
      data: await addEndpoint(app.db, currentUser(request), request.body, allowPrivate, request.ip),
    }),
  );

  app.post<{
    Querystring: { id: string };
    Body: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean };
  }>(
    '/update',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Change an endpoint; enabled: true switches a disabled one on again',
        security: BEARER,
        querystring: idQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            url,
            description: { type: 'string', maxLength: 200 },
            eventTypes,
            enabled: { type: 'boolean' },
          },
        },
        response: { 200: envelope(endpointSchema) },
      },
    },
    async (request) => ({
      success: true,
      data: await updateEndpoint(
        app.db,
        currentUser(request),
        request.query.id,
        request.body ?? {},
        allowPrivate,
        request.ip,
      ),
    }),
  );

  app.post<{ Querystring: { id: string } }>(
    '/delete',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Delete an endpoint and its log',
        security: BEARER,
        querystring: idQuery,
      },
    },
    async (request) => {
      await deleteEndpoint(app.db, currentUser(request), request.query.id, request.ip);
      return { success: true };
    },
  );

  app.post<{ Querystring: { id: string }; Body: { overlapHours?: number } | undefined }>(
    '/rotateSecret',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'A new signing secret; the previous one signs too (a second signature) for overlapHours',
        security: BEARER,
        querystring: idQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            overlapHours: {
              type: 'integer',
              minimum: 0,
              maximum: 720,
              default: SECRET_OVERLAP_HOURS_DEFAULT,
            },
          },
        },
        response: { 200: envelope(endpointSchema) },
      },
    },
    async (request) => ({
      success: true,
      data: await rotateSecret(
        app.db,
        currentUser(request),
        request.query.id,
        request.body?.overlapHours ?? SECRET_OVERLAP_HOURS_DEFAULT,
        request.ip,
      ),
    }),
  );

  app.get<{ Querystring: { id: string } }>(
    '/getDeliveries',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'The delivery log of an endpoint (newest 50): request, answer code, time, each attempt',
        security: BEARER,
        querystring: idQuery,
      },
    },
    async (request) => ({
      success: true,
      data: await listDeliveries(app.db, currentUser(request), request.query.id),
    }),
  );

  app.post<{ Querystring: { id: string } }>(
    '/resend',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Send a delivery again now (same webhook-id)',
        security: BEARER,
        querystring: idQuery,
      },
    },
    async (request) => {
      const data = await resendDelivery(app.db, currentUser(request), request.query.id);
      sender.wake();
      return { success: true, data };
    },
  );

  app.post<{ Querystring: { id: string } }>(
    '/sendTest',
    {
      config: { rateLimit: LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Send a `webhook.test` event to the endpoint',
        security: BEARER,
        querystring: idQuery,
      },
    },
    async (request) => {
      const data = await sendTestEvent(app.db, currentUser(request), request.query.id);
      sender.wake();
      return { success: true, data };
    },
  );
}
