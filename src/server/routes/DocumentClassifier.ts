import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { type ClassifierRowOut, classifierReaderOf } from '../services/reference/classifier/reader';
import { int, langOf, langQuery, MXIK, obj, rowsAnswer, str } from './referenceSchemas';

// The classifier calls of the Document group (spec §7 getProductsClassifier,
// getProductsClassifierTasnif, getPackagesTasnif), mounted at /api/Document beside the other
// Document files. Search by code prefix and by words in Russian, Uzbek Latin or Uzbek Cyrillic,
// paged; see services/reference/classifier/searchIndex.ts for the matching rules.
//
// No session is needed: the classifier is public reference data (tasnif.soliq.uz publishes it), the
// same for every organisation, as the catalogue's /api/Lgota is; the screens using it sit behind the
// sign-in anyway. A search then costs no per-request session query, which on the embedded database
// would be most of its time.

const TAGS = ['Document'];

const packageSchema = obj({
  code: str('Package code'),
  name: str('Name in the language asked for'),
  packageType: { type: ['string', 'null'], description: '"1": the base unit' },
  nameRu: { type: ['string', 'null'] },
  nameUzLatn: { type: ['string', 'null'] },
  nameUzCyrl: { type: ['string', 'null'] },
});
export const classifierRow = obj({
  code: str('Classifier code, 17 digits'),
  name: str('Name in the language asked for'),
  nameRu: { type: ['string', 'null'] },
  nameUzLatn: { type: ['string', 'null'] },
  nameUzCyrl: { type: ['string', 'null'] },
  internationalCode: { type: ['string', 'null'], description: 'GTIN' },
  label: { type: 'boolean', description: 'Marked goods' },
  usePackage: { type: 'boolean' },
  isDemo: { type: 'boolean', description: 'A code of the labelled demo set' },
  packages: { type: 'array', items: packageSchema },
});
/** tasnif.soliq.uz's card field names, for integrators used to them (mxikNameUz is Cyrillic there). */
const tasnifRow = obj({
  mxikCode: str('Classifier code'),
  mxikNameRu: { type: ['string', 'null'] },
  mxikNameLat: { type: ['string', 'null'] },
  mxikNameUz: { type: ['string', 'null'] },
  internationalCode: { type: ['string', 'null'] },
  label: { type: 'integer', enum: [0, 1] },
  usePackage: { type: 'integer', enum: [0, 1] },
  groupCode: str('Group (3 digits)'),
  groupName: { type: ['string', 'null'] },
  classCode: str('Class (5 digits)'),
  className: { type: ['string', 'null'] },
  positionCode: str('Position (8 digits)'),
  positionName: { type: ['string', 'null'] },
  subPositionCode: str('Sub-position (11 digits)'),
  subPositionName: { type: ['string', 'null'] },
  packages: { type: 'array', items: obj() },
  isDemo: { type: 'boolean' },
});

const searchQuery = {
  search: str('Code or its beginning, or words of the name (any of the three scripts)', { maxLength: 200 }),
  page: int('Page, from 1', { minimum: 1, default: 1 }),
  size: int('Rows per page', { minimum: 1, maximum: 100, default: 50 }),
  ...langQuery,
};

export default async function documentClassifierRoutes(app: FastifyInstance) {
  const reader = () => classifierReaderOf(app.db);
  // Build the search index while the server starts, not on the first person's search (not awaited:
  // a large classifier must not delay listening; the first search then waits for the same build).
  app.addHook('onReady', async () => {
    void reader()
      .currentIndex()
      .catch(() => {});
  });

  app.get<{ Querystring: { search?: string; page: number; size: number; lang?: string } }>(
    '/getProductsClassifier',
    {
      schema: {
        tags: TAGS,
        summary: 'The classifier (MXIK): codes with their package codes, by code prefix or by words',
        querystring: { type: 'object', properties: searchQuery },
        response: rowsAnswer(classifierRow),
      },
    },
    async (request) => {
      const { search = '', page, size } = request.query;
      return reader().search(search, page, size, langOf(request));
    },
  );

  app.get<{ Querystring: { code?: string; search?: string; page: number; size: number; lang?: string } }>(
    '/getProductsClassifierTasnif',
    {
      schema: {
        tags: TAGS,
        summary:
          "The classifier in tasnif's card fields, with the hierarchy names; code: one card (404 when unknown)",
        querystring: {
          type: 'object',
          properties: { code: str('One classifier code', { pattern: MXIK }), ...searchQuery },
        },
        response: rowsAnswer(tasnifRow),
      },
    },
    async (request) => {
      const { code, search = '', page, size } = request.query;
      const lang = langOf(request);
      if (code) {
        const row = await reader().get(code, lang);
        if (!row)
          throw new ApiError(404, 'CLASSIFIER_CODE_NOT_FOUND', 'reference:errors.classifierCodeNotFound', {
            code,
          });
        return { rows: [await tasnifCard(row)], totalCount: 1 };
      }
      const found = await reader().search(search, page, size, lang);
      return { rows: await Promise.all(found.rows.map(tasnifCard)), totalCount: found.totalCount };
    },
  );

  async function tasnifCard(row: ClassifierRowOut) {
    const levels = await reader().hierarchy(row.code);
    const level = (n: number) => {
      const code = row.code.slice(0, n);
      const names = levels[code];
      return { code, name: names ? (names.nameRu ?? names.nameUzLatn ?? names.nameUzCyrl) : null };
    };
    const [group, cls, position, sub] = [level(3), level(5), level(8), level(11)];
    return {
      mxikCode: row.code,
      mxikNameRu: row.nameRu,
      mxikNameLat: row.nameUzLatn,
      mxikNameUz: row.nameUzCyrl,
      internationalCode: row.internationalCode,
      label: row.label ? 1 : 0,
      usePackage: row.usePackage ? 1 : 0,
      groupCode: group.code,
      groupName: group.name,
      classCode: cls.code,
      className: cls.name,
      positionCode: position.code,
      positionName: position.name,
      subPositionCode: sub.code,
      subPositionName: sub.name,
      packages: row.packages.map((p) => ({
        code: p.code,
        mxikCode: row.code,
        packageType: p.packageType,
        nameRu: p.nameRu,
        nameLat: p.nameUzLatn,
        nameUz: p.nameUzCyrl,
      })),
      isDemo: row.isDemo,
    };
  }

  app.get<{ Querystring: { code: string; lang?: string } }>(
    '/getPackagesTasnif',
    {
      schema: {
        tags: TAGS,
        summary: 'The package codes bound to a classifier code (404 when the code is unknown)',
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: str('Classifier code, 17 digits', { pattern: MXIK }), ...langQuery },
        },
        response: rowsAnswer(packageSchema),
      },
    },
    async (request) => {
      const row = await reader().get(request.query.code, langOf(request));
      if (!row)
        throw new ApiError(404, 'CLASSIFIER_CODE_NOT_FOUND', 'reference:errors.classifierCodeNotFound', {
          code: request.query.code,
        });
      return { rows: row.packages, totalCount: row.packages.length };
    },
  );
}
