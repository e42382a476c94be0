import type { FastifyInstance } from 'fastify';
import { resolveJwtSecret } from './secret';

export interface AuthRuntime {
  /** HS256 key of access tokens. */
  key: Uint8Array;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthRuntime;
  }
}

/**
 * Resolves the token key once and declares `request.user`. Registered at the root of /api before the
 * groups (skip-override), so every group's `authenticate` finds `app.auth`.
 */
async function authCore(app: FastifyInstance) {
  app.decorate('auth', { key: resolveJwtSecret(app.config) });
  app.decorateRequest('user', null);
}
(authCore as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default authCore;
