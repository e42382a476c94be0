import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { loadMarkingConfig, type MarkingConfig } from './config';
import { DemoMarkingRegistry } from './demo/demoRegistry';
import { HttpMarkingRegistry } from './http/httpRegistry';
import { type MarkingRegistry, MarkingServiceError } from './types';

class UnconfiguredMarkingRegistry implements MarkingRegistry {
  readonly kind = 'unconfigured' as const;
  async check(): Promise<never> {
    throw new MarkingServiceError('unconfigured', 'MARKING_API_URL is not set');
  }
}

const instances = new WeakMap<object, MarkingRegistry>();

/** The configuration: `config.marking` (tests), else read from the environment with the app's demo flag. */
export function markingConfigOf(config: FastifyInstance['config']): MarkingConfig {
  return (
    (config as { marking?: MarkingConfig }).marking ??
    loadMarkingConfig(process.env, { demo: config.demo, production: config.production })
  );
}

/** The one registry adapter of an application, chosen by configuration. */
export function markingRegistryOf(app: Pick<FastifyInstance, 'config'>): MarkingRegistry {
  let instance = instances.get(app.config);
  if (!instance) {
    const config = markingConfigOf(app.config);
    instance =
      config.mode === 'http'
        ? new HttpMarkingRegistry(config)
        : config.mode === 'demo'
          ? new DemoMarkingRegistry()
          : new UnconfiguredMarkingRegistry();
    instances.set(app.config, instance);
  }
  return instance;
}

/** Runs a registry call, turning its failures into the localized 503. */
export async function askMarkingRegistry<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof MarkingServiceError) {
      if (err.reason === 'unconfigured')
        throw new ApiError(503, 'MARKING_NOT_CONFIGURED', 'marking:errors.notConfigured');
      if (err.reason === 'timeout') throw new ApiError(503, 'MARKING_TIMEOUT', 'marking:errors.timeout');
      throw new ApiError(503, 'MARKING_UNAVAILABLE', 'marking:errors.unavailable');
    }
    throw err;
  }
}
