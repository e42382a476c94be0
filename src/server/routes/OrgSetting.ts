import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import {
  deleteProduct,
  listProducts,
  type ProductInput,
  saveProduct,
} from '../services/reference/org/products';
import { BEARER, errors, int, langOf, MXIK, obj, pageQuery, rowsAnswer, str } from './referenceSchemas';

// /api/OrgSetting (spec §7): the organisation's own product list with its classifier codes, offered
// first in the goods table and the classifier picker of its documents.

const TAGS = ['OrgSetting'];

const productSchema = obj({
  id: str('Product id'),
  name: str('Name as the organisation writes it on documents'),
  catalogCode: str('Classifier code'),
  catalogName: { type: ['string', 'null'] },
  packageCode: { type: ['string', 'null'] },
  packageName: { type: ['string', 'null'] },
  measureCode: { type: ['string', 'null'] },
  barcode: { type: ['string', 'null'] },
  version: { type: 'integer' },
  updatedAt: str('Last change'),
});

export default async function orgSettingRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get<{ Querystring: { search?: string; page: number; size: number } }>(
    '/getOrgProductOption',
    {
      schema: {
        tags: TAGS,
        summary: "Your organisation's products (search by name, code or barcode)",
        security: BEARER,
        querystring: {
          type: 'object',
          properties: { search: str('Words of the name, code or barcode', { maxLength: 200 }), ...pageQuery },
        },
        response: rowsAnswer(productSchema),
      },
    },
    async (request) => listProducts(app.db, currentUser(request).organizationId, request.query),
  );

  app.post<{ Body: ProductInput & { delete?: boolean } }>(
    '/changeProductOption',
    {
      schema: {
        tags: TAGS,
        summary:
          'Adds a product (no id), changes one (id + the version read; stale → 409) or removes one (id + delete: true)',
        security: BEARER,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'catalogCode'],
          properties: {
            id: str('Product id (to change or remove)', { format: 'uuid' }),
            version: int('Version read', { minimum: 1 }),
            delete: { type: 'boolean' },
            name: str('Name', { minLength: 1, maxLength: 1000 }),
            catalogCode: str('Classifier code, 17 digits', { pattern: MXIK }),
            catalogName: { type: ['string', 'null'], maxLength: 1000 },
            packageCode: { type: ['string', 'null'], pattern: '^\\d{1,20}$' },
            packageName: { type: ['string', 'null'], maxLength: 300 },
            measureCode: { type: ['string', 'null'], pattern: '^\\d{3}$' },
            barcode: { type: ['string', 'null'], maxLength: 1000 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { ...productSchema, type: ['object', 'null'] },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const organizationId = currentUser(request).organizationId;
      const { delete: remove, ...product } = request.body;
      if (remove && product.id) {
        await deleteProduct(app.db, organizationId, product.id);
        return { success: true, data: null };
      }
      return { success: true, data: await saveProduct(app.db, organizationId, product, langOf(request)) };
    },
  );
}
