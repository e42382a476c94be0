import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError, requestLanguage } from '../errors';
import { addQuestion, type QuestionInput } from '../services/reference/org/questions';
import { BEARER, dataAnswer, obj, str } from './referenceSchemas';

// /api/Questions (spec §7): the help page's question form; questions are stored for the service's
// administrator. Limited per caller so the form cannot be used to flood the store.

const TAGS = ['Questions'];

export default async function questionsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.post<{ Body: QuestionInput }>(
    '/add',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (r) => r.user?.userId ?? r.ip } },
      schema: {
        tags: TAGS,
        summary: 'Asks the service a question (stored for the administrator); at most 10 an hour',
        security: BEARER,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['text'],
          properties: {
            name: str('Who asks', { maxLength: 300 }),
            contact: str('Phone or e-mail to answer to', { maxLength: 300 }),
            topic: str('Topic', { maxLength: 300 }),
            text: str('The question', { minLength: 1, maxLength: 5000 }),
          },
        },
        response: dataAnswer(obj({ id: str('Question id'), createdAt: str('When it was asked') })),
      },
    },
    async (request) => {
      if (!request.body.text.trim())
        throw new ApiError(400, 'QUESTION_EMPTY', 'reference:errors.questionEmpty');
      const user = currentUser(request);
      const stored = await addQuestion(app.db, user, request.body, requestLanguage(request));
      return { success: true, data: stored };
    },
  );
}
