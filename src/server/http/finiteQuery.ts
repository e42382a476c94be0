import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

// AJV coerces query text to numbers with `+text`, so `size=Infinity` or `size=1e400` pass a schema's
// `type: integer` as Infinity (AJV's strictNumbers does not look at coerced values). Every number
// in a validated query must be finite; this check runs for every route after validation.

/** The first query parameter holding a non-finite number, or null. */
export function nonFiniteParameter(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) return name;
  }
  return null;
}

export function refuseNonFiniteQueryNumbers(app: FastifyInstance) {
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    const name = nonFiniteParameter(request.query);
    if (name === null) return done();
    done(
      new ApiError(400, 'VALIDATION', 'errors:badRequestFields', {}, [
        {
          path: `querystring/${name}`,
          keyword: 'type',
          key: 'errors:notFiniteNumber',
          message: '',
        },
      ]),
    );
  });
}
