// Public surface of identity for other route groups. See docs/auth.md.
export { authenticate, currentUser, requireRole, bearerToken } from './authenticate';
export type { AuthUser, MembershipRole } from './types';
export { default as authCore } from './plugin';
