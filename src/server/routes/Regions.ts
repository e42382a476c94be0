import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { getRegion, listRegions } from '../services/reference/places';
import {
  allRows,
  BEARER,
  dataAnswer,
  int,
  langOf,
  langQuery,
  nullable,
  obj,
  rowsAnswer,
  str,
} from './referenceSchemas';

// /api/Regions (spec §7): the regions of Uzbekistan with the tax authority's region ids.

const TAGS = ['Regions'];
const regionSchema = obj({
  id: int("The tax authority's region id (ns10Code)"),
  soato: int('SOATO code (4 digits)'),
  iso: nullable('string', 'ISO 3166-2 code'),
  type: str('region, city or republic'),
  name: str('Name in the language asked for'),
  nameRu: str('Russian'),
  nameUzLatn: str('Uzbek (Latin)'),
  nameUzCyrl: str('Uzbek (Cyrillic)'),
  nameEn: nullable('string', 'English'),
});

export default async function regionsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get(
    '/list',
    {
      schema: {
        tags: TAGS,
        summary: 'The 14 regions (12 viloyat, Karakalpakstan, Tashkent city)',
        security: BEARER,
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(regionSchema),
      },
    },
    async (request) => allRows(await listRegions(app.db, langOf(request))),
  );

  app.get<{ Querystring: { id: number } }>(
    '/getById',
    {
      schema: {
        tags: TAGS,
        summary: "One region by the tax authority's region id",
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: int("The tax authority's region id", { minimum: 1, maximum: 99 }), ...langQuery },
        },
        response: dataAnswer(regionSchema),
      },
    },
    async (request) => {
      const region = await getRegion(app.db, request.query.id, langOf(request));
      if (!region)
        throw new ApiError(404, 'REGION_NOT_FOUND', 'reference:errors.regionNotFound', {
          id: request.query.id,
        });
      return { success: true, data: region };
    },
  );
}
