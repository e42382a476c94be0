import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { requestLanguage } from '../errors';
import { jobView, readJob } from './store';
import { FINAL_STATES } from './types';

const POLL_MS = 400;
const KEEPALIVE_MS = 15_000;

/**
 * Server-sent events of one job for its owner: a `progress` event whenever the job row changed, the
 * last one in a final state, then the stream ends. It reads the row (not memory), so it follows a job
 * that another server instance runs. Browsers read it with fetch (EventSource cannot send the bearer
 * token).
 */
export async function streamJob(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  id: string,
  organizationId: string,
): Promise<void> {
  const lang = requestLanguage(request);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  request.raw.on('close', () => {
    closed = true;
  });
  let last = '';
  let lastWrite = Date.now();
  while (!closed) {
    const row = await readJob(db, id, organizationId).catch(() => null);
    if (!row) {
      res.write(`event: gone\ndata: {}\n\n`);
      break;
    }
    const stamp = `${row.updated_at instanceof Date ? row.updated_at.getTime() : row.updated_at}:${row.state}:${row.done}`;
    if (stamp !== last) {
      last = stamp;
      res.write(`event: progress\ndata: ${JSON.stringify(jobView(row, lang))}\n\n`);
      lastWrite = Date.now();
      if (FINAL_STATES.includes(row.state)) break;
    } else if (Date.now() - lastWrite > KEEPALIVE_MS) {
      res.write(': keep-alive\n\n');
      lastWrite = Date.now();
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  res.end();
}
