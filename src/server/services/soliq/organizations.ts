import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';

/**
 * The TIN of one of the caller's organisations by its id here (Soliq and Factura
 * getTaxpayerTypeByOrgId): an organisation the caller is not an active member of, or one without a
 * TIN (an individual), is a 404.
 */
export async function memberOrganizationTin(db: Db, user: AuthUser, organizationId: string): Promise<string> {
  const { rows } = await db.query<{ tin: string | null }>(
    `select o.tin from organizations o join memberships m on m.organization_id = o.id
      where o.id = $1 and m.user_id = $2 and m.is_active`,
    [organizationId, user.userId],
  );
  const tin = rows[0]?.tin;
  if (!tin) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND', 'reference:errors.organizationIdNotFound');
  return tin;
}
