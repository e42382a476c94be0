import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError, requestLanguage } from '../../errors';
import type { SignatureService } from '../../signing';
import type { ActionGate, Caller, SignedIdResolver, TransitionListener, TransitionWrites } from './types';

export interface DocumentsServiceOptions {
  db: Db;
  signing: SignatureService;
  /** The clock of deadlines and events (tests pin it). */
  now?: () => Date;
}

export interface DocumentsService {
  db: Db;
  signing: SignatureService;
  now: () => Date;
  listeners: Array<TransitionListener | TransitionWrites>;
  /**
   * Called inside every transition's transaction (notifications, the bulk log): a function after the
   * transition's writes, a `{writes}` listener's statements together with them.
   */
  addListener(listener: TransitionListener | TransitionWrites): void;
  gates: ActionGate[];
  /** Asked before every signed action is prepared (the pre-sign checks: services/checks/gate.ts). */
  addGate(gate: ActionGate): void;
  signedIds: SignedIdResolver[];
  /** Asked for the id a signed object names (`{"documentId": true}`) instead of Hujjat's own. */
  addSignedId(resolver: SignedIdResolver): void;
}

export function createDocumentsService(options: DocumentsServiceOptions): DocumentsService {
  const listeners: Array<TransitionListener | TransitionWrites> = [];
  const gates: ActionGate[] = [];
  const signedIds: SignedIdResolver[] = [];
  return {
    gates,
    addGate(gate) {
      gates.push(gate);
    },
    signedIds,
    addSignedId(resolver) {
      signedIds.push(resolver);
    },
    db: options.db,
    signing: options.signing,
    now: options.now ?? (() => new Date()),
    listeners,
    addListener(listener) {
      listeners.push(listener);
    },
  };
}

/** The caller of a document route: the signed-in user, its organisation's identity, language, address. */
export function callerOf(request: FastifyRequest): Caller {
  const user = request.user as AuthUser | null;
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'errors:unauthorized');
  const identity = user.tin ?? user.pinfl;
  if (!identity) throw new ApiError(403, 'NO_IDENTITY', 'exchange:errors.noIdentity');
  return { user, identity, lang: requestLanguage(request), ip: request.ip, host: request.hostname };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents area, decorated by routes/index.ts for every group under /api. */
    documents: DocumentsService;
  }
}
