import type { FastifyInstance } from 'fastify';
import { authCore } from '../auth';
import auth from './Auth';
import authStaff from './AuthStaff';
import config from './Config';
import department from './Department';
import documentRoutes from './Document';
import documentAccess from './DocumentAccess';
import documentOrganization from './DocumentOrganization';
import eimzo from './Eimzo';
import health from './Health';
import job from './Job';
import lgota from './Lgota';
import organizationAccount from './OrganizationAccount';
import organizationAccountant from './OrganizationAccountant';
import positions from './Positions';
import roles from './Roles';
import template from './Template';

/** Every API resource group, mounted under /api. One plugin per group (spec §3). */
export async function registerRoutes(app: FastifyInstance) {
  // First: declares request.user and the token key that every group's `authenticate` uses.
  await app.register(authCore);
  await app.register(health);
  await app.register(config, { prefix: '/Config' });
  await app.register(auth, { prefix: '/Auth' });
  await app.register(eimzo, { prefix: '/Eimzo' });
  await app.register(lgota, { prefix: '/Lgota' });
  await app.register(documentRoutes, { prefix: '/Document' });
  await app.register(documentOrganization, { prefix: '/DocumentOrganization' });
  await app.register(template, { prefix: '/Template' });
  await app.register(job, { prefix: '/Job' });
  // Company, staff, roles and access (docs/access.md).
  await app.register(authStaff, { prefix: '/Auth' });
  await app.register(roles, { prefix: '/Roles' });
  await app.register(documentAccess, { prefix: '/DocumentAccess' });
  await app.register(organizationAccount, { prefix: '/OrganizationAccount' });
  await app.register(organizationAccountant, { prefix: '/OrganizationAccountant' });
  await app.register(department, { prefix: '/Department' });
  await app.register(positions, { prefix: '/Positions' });
}
