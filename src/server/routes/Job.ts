import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { jobView, readJob, requestCancel } from '../jobs/store';
import { streamJob } from '../jobs/stream';

// /api/Job: the progress of long work (imports, bulk signing, archives) for the organisation that
// started it; another organisation's job is 404. docs/jobs.md.

const TAGS = ['Job'];
const BEARER = [{ bearer: [] }];
const idQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export const jobViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    state: { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
    done: { type: 'integer' },
    total: { type: ['integer', 'null'] },
    failed: { type: 'integer' },
    result: {},
    error: {
      type: ['object', 'null'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
    attempts: { type: 'integer' },
    createdAt: { type: 'string' },
    startedAt: { type: ['string', 'null'] },
    finishedAt: { type: ['string', 'null'] },
    updatedAt: { type: 'string' },
  },
} as const;

const errorBody = {
  type: 'object',
  properties: { success: { type: 'boolean' }, code: { type: 'string' }, message: { type: 'string' } },
} as const;

export default async function jobRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { id: string } }>(
    '/get',
    {
      schema: {
        tags: TAGS,
        summary: 'State and progress of one of your jobs',
        security: BEARER,
        querystring: idQuery,
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: jobViewSchema } },
          404: errorBody,
        },
      },
    },
    async (request) => {
      const row = await readJob(app.db, request.query.id, currentUser(request).organizationId);
      if (!row) throw new ApiError(404, 'JOB_NOT_FOUND', 'bulk:job.notFound');
      return { success: true, data: jobView(row, requestLanguage(request)) };
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/stream',
    {
      schema: {
        tags: TAGS,
        summary: 'Server-sent events: `progress` (the job view) on every change, until a final state',
        security: BEARER,
        querystring: idQuery,
        produces: ['text/event-stream'],
        response: { 404: errorBody },
      },
    },
    async (request, reply) => {
      const { organizationId } = currentUser(request);
      if (!(await readJob(app.db, request.query.id, organizationId))) {
        throw new ApiError(404, 'JOB_NOT_FOUND', 'bulk:job.notFound');
      }
      await streamJob(request, reply, app.db, request.query.id, organizationId);
    },
  );

  app.post<{ Querystring: { id: string } }>(
    '/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Stop a job: a queued one at once, a running one after its current item',
        security: BEARER,
        querystring: idQuery,
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: jobViewSchema } },
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const { organizationId } = currentUser(request);
      const row = await readJob(app.db, request.query.id, organizationId);
      if (!row) throw new ApiError(404, 'JOB_NOT_FOUND', 'bulk:job.notFound');
      if (!(await requestCancel(app.db, row.id, organizationId))) {
        throw new ApiError(409, 'JOB_FINISHED', 'bulk:job.finished');
      }
      const after = await readJob(app.db, row.id, organizationId);
      return { success: true, data: jobView(after!, requestLanguage(request)) };
    },
  );
}
