// Who is calling: set on the request by `authenticate` from a valid access token.

export type MembershipRole = 'owner' | 'admin' | 'accountant' | 'staff';

export interface AuthUser {
  userId: string;
  /** The organisation the token acts for; every query of a protected route is scoped to it. */
  organizationId: string;
  /** The organisation's TIN (legal entities) — absent for an individual's own account. */
  tin?: string;
  /** The organisation's PINFL (individuals). */
  pinfl?: string;
  role: MembershipRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` preHandler; null on routes that do not use it. */
    user: AuthUser | null;
  }
}
