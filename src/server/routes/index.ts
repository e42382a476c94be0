import type { FastifyInstance } from 'fastify';
import { authCore } from '../auth';
import auth from './Auth';
import config from './Config';
import documentRoutes from './Document';
import documentOrganization from './DocumentOrganization';
import eimzo from './Eimzo';
import health from './Health';
import job from './Job';
import lgota from './Lgota';
import { registerReferenceGroups } from './referenceGroups';
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
  // Reference data and the tax authority's look-ups (docs/reference.md).
  await registerReferenceGroups(app);
  await app.register(template, { prefix: '/Template' });
  await app.register(job, { prefix: '/Job' });
}
