import type { FastifyInstance } from 'fastify';
import type { ActionGate } from '../documents';
import { taxAuthorityOf } from '../soliq/instance';
import { requireChecks } from './index';

/** The checks' gate on every signed action (send, accept, …): the action's block rules, again on the server. */
export function checksGate(app: Pick<FastifyInstance, 'config' | 'db'>): ActionGate {
  return async ({ caller, kind, action, content, documentId, now }) =>
    requireChecks({
      db: app.db,
      authority: taxAuthorityOf(app),
      caller,
      kind,
      content,
      documentId,
      moment: action,
      now,
    });
}
