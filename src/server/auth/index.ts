// Public surface of identity for other route groups. See docs/auth.md.
export { authenticate, bearerToken, currentUser, requirePerson, requireRole } from './authenticate';
export { default as authCore } from './plugin';
export type { AuthUser, MembershipRole } from './types';
