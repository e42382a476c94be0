import type { FastifyInstance } from 'fastify';
import authStaff from './AuthStaff';
import authUsers from './AuthUsers';
import billing from './Billing';
import department from './Department';
import documentAccess from './DocumentAccess';
import documentAgreement from './DocumentAgreement';
import organization from './Organization';
import organizationAccount from './OrganizationAccount';
import organizationAccountant from './OrganizationAccountant';
import positions from './Positions';
import roles from './Roles';

/**
 * Company, staff, roles, access, approval and billing (docs/access.md): the Auth group's staff
 * operations and the Document group's agreement operations beside their groups' own files.
 */
export async function registerSettingsGroups(app: FastifyInstance) {
  await app.register(authStaff, { prefix: '/Auth' });
  await app.register(authUsers, { prefix: '/Auth' });
  await app.register(documentAgreement, { prefix: '/Document' });
  await app.register(roles, { prefix: '/Roles' });
  await app.register(documentAccess, { prefix: '/DocumentAccess' });
  await app.register(organization, { prefix: '/Organization' });
  await app.register(organizationAccount, { prefix: '/OrganizationAccount' });
  await app.register(organizationAccountant, { prefix: '/OrganizationAccountant' });
  await app.register(department, { prefix: '/Department' });
  await app.register(positions, { prefix: '/Positions' });
  await app.register(billing, { prefix: '/Billing' });
}
