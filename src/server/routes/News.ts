import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../errors';
import { newsList } from '../services/help';

// /api/News (spec §7): getList — news of this installation, newest first (data/help/news.json).
export default async function newsRoutes(app: FastifyInstance) {
  app.get(
    '/getList',
    {
      schema: {
        tags: ['News'],
        summary: 'News, newest first, in the request language',
        response: {
          200: {
            type: 'object',
            properties: {
              rows: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    date: { type: 'string' },
                    title: { type: 'string' },
                    body: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => ({ rows: newsList(requestLanguage(request)) }),
  );
}
