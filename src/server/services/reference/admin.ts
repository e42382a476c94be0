import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../auth';
import { ApiError } from '../../errors';
import { referenceConfigOf } from './configOf';

/**
 * preHandler after `authenticate`: the service's reference administrators — owners and admins of the
 * organisations REFERENCE_ADMIN_TINS names (the operator's own company). The banks directory is the
 * same for every organisation, so no subscriber's administrator may change it.
 */
export async function requireReferenceAdmin(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  const { adminTins } = referenceConfigOf(request.server.config);
  const isAdmin =
    Boolean(user.tin && adminTins.includes(user.tin)) && (user.role === 'owner' || user.role === 'admin');
  if (!isAdmin) throw new ApiError(403, 'NOT_REFERENCE_ADMIN', 'reference:errors.notReferenceAdmin');
}
