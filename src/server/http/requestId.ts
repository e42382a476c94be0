import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config';

/** The header a request id travels in: from nginx (`$request_id`) to the instance, back to the client. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** What an id taken from a proxy may look like: nginx's 32 hex digits, a UUID, a tracing id. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,128}$/;

/** Whether the connecting address is a proxy TRUST_PROXY names (the same rule as X-Forwarded-For). */
function trustsPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const trusted = proxyAddr.compile(trust);
  return (address) => trusted(address, 0);
}

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy sent (so one id names a request in the
 * proxy's log and the instance's), else a new UUID. A client talking to the server directly cannot
 * choose the id its requests are logged under.
 */
export function requestIdGenerator(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustsPeer(trust);
  return (req) => {
    const sent = req.headers[REQUEST_ID_HEADER];
    if (typeof sent === 'string' && ACCEPTED.test(sent) && trusted(req.socket?.remoteAddress ?? '')) {
      return sent;
    }
    return randomUUID();
  };
}

/** Every answer names its request id, so a user's report or a client's log leads to the server's. */
export function echoRequestId(app: FastifyInstance) {
  // Callback hooks here and in the other per-request hooks: an async one costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
