import type { FastifyInstance } from 'fastify';
import health from './Health';
import lgota from './Lgota';

/** Every API resource group, mounted under /api. One plugin per group (spec §3). */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(health);
  await app.register(lgota, { prefix: '/Lgota' });
}
