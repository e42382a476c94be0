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
  /**
   * The session (refresh-token family) the access token belongs to: signing out, signing out
   * everywhere or changing the password revokes it, and its access tokens stop at once. Always set
   * by `authenticate`; optional only so that callers built by hand (tests, jobs) need not invent one.
   */
  sessionId?: string;
  /**
   * The organisation's documents generation as the request's session check read it (migration 0031):
   * lists and counts remembered at this generation are answered without a statement. Absent for
   * callers built by hand: they always read.
   */
  partyGeneration?: string;
  /** Set when the caller is an API key (docs/integrating.md): the key's id. Absent for people. */
  apiKeyId?: string;
  /** The key's name (document history shows "via API key «name»"). Absent for people. */
  apiKeyName?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` preHandler; null on routes that do not use it. */
    user: AuthUser | null;
  }
}
