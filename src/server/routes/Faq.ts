import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../errors';
import { faqList } from '../services/help';

// /api/Faq (spec §7): getList — questions and answers in the request's language (data/help/faq.json).
export default async function faqRoutes(app: FastifyInstance) {
  app.get(
    '/getList',
    {
      schema: {
        tags: ['Faq'],
        summary: 'Frequently asked questions in the request language',
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
                    question: { type: 'string' },
                    answer: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => ({ rows: faqList(requestLanguage(request)) }),
  );
}
