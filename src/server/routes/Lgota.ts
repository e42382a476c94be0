import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LGOTA_MAX_PAGE_SIZE, LGOTA_PAGE_SIZE, type Locale } from '../../engine/constants';
import { ApiError, requestLanguage } from '../errors';
import {
  benefitsOfCompany,
  nonconformityOfCompany,
  tashkentToday,
} from '../services/catalogue/companyBenefits';
import { listDatasets } from '../services/catalogue/datasets';
import { benefitsForLine } from '../services/catalogue/lineBenefits';
import { CatalogueReader, type ListFilters } from '../services/catalogue/listQuery';
import { LISTS, type ListKey, listOfTab } from '../services/catalogue/lists';
import { LOOKUP_FIELDS, type LookupField, lookup } from '../services/catalogue/lookups';
import {
  classifierQuery,
  classifierResponse,
  companyQuery,
  datasetsResponse,
  enterprisesQuery,
  enterprisesResponse,
  FILTER_OPTIONS_MAX_SIZE,
  filterOptionsQuery,
  filterOptionsResponse,
  forLineQuery,
  forLineResponse,
  getLgotaQuery,
  getLgotaResponse,
  goodsQuery,
  goodsResponse,
  nonconformityResponse,
  TEXT_MAX,
} from './lgotaSchemas';

// /api/Lgota: the catalogue of VAT benefits (spec §7). Reference data shared by every organisation.

const TAGS = ['Lgota'];

type Query = Record<string, string | number | undefined>;

/** Turns the first schema violation into one clear, localized sentence about that parameter. */
function rejectInvalid(
  request: FastifyRequest,
  sizeMax = LGOTA_MAX_PAGE_SIZE,
  overrides: Record<string, string> = {},
) {
  const err = request.validationError as (Error & { validation?: any[] }) | undefined;
  if (!err) return;
  const first = err.validation?.[0];
  const field: string =
    first?.params?.missingProperty ?? String(first?.instancePath ?? '').replace(/^\//, '');
  const keys: Record<string, string> = {
    page: 'catalogue:api.errors.page',
    size: 'catalogue:api.errors.size',
    tasnifCode: 'catalogue:api.errors.tasnifCode',
    tin: 'catalogue:api.errors.tin',
    companyTin: 'catalogue:api.errors.companyTin',
    language: 'catalogue:api.errors.language',
    tab: 'catalogue:api.errors.tab',
    field: 'catalogue:api.errors.field',
    ...overrides,
  };
  const key = keys[field] ?? 'catalogue:api.errors.text';
  throw new ApiError(400, 'VALIDATION', key, { field, max: field === 'size' ? sizeMax : TEXT_MAX }, [
    { path: `querystring/${field}`, keyword: first?.keyword, message: first?.message ?? '' },
  ]);
}

function pageOf(q: Query) {
  return { page: Number(q.page ?? 1), size: Number(q.size ?? LGOTA_PAGE_SIZE) };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export default async function lgotaRoutes(app: FastifyInstance) {
  const reader = new CatalogueReader(app.db);

  const listRoute = (
    key: ListKey,
    querystring: object,
    response: object,
    filtersOf: (q: Query) => ListFilters,
  ) => {
    app.get(
      `/${LISTS[key].operation}`,
      {
        attachValidation: true,
        schema: {
          tags: TAGS,
          summary: `${LISTS[key].operation}: rows and totalCount`,
          querystring,
          response: { 200: response },
        },
      },
      async (request) => {
        rejectInvalid(request);
        const q = request.query as Query;
        return reader.list(key, filtersOf(q), pageOf(q), requestLanguage(request));
      },
    );
  };

  const goodsFilters = (q: Query) => ({
    tasnifCode: text(q.tasnifCode),
    tasnifName: text(q.tasnifName),
    lgotaName: text(q.lgotaName),
  });
  const enterpriseFilters = (q: Query) => ({ tin: text(q.tin), lgotaName: text(q.lgotaName) });
  const classifierFilters = (q: Query) => ({ searchText: text(q.searchText) });

  listRoute('withoutVat', goodsQuery, goodsResponse, goodsFilters);
  listRoute('zeroVat', goodsQuery, goodsResponse, goodsFilters);
  listRoute('sellers', enterprisesQuery, enterprisesResponse, enterpriseFilters);
  listRoute('buyers', enterprisesQuery, enterprisesResponse, enterpriseFilters);
  listRoute('notIncluded', classifierQuery, classifierResponse, classifierFilters);
  listRoute('compensation', classifierQuery, classifierResponse, classifierFilters);

  app.get(
    '/GetLgota',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Benefits a company holds (enterprise lists)',
        querystring: getLgotaQuery,
        response: { 200: getLgotaResponse },
      },
    },
    async (request) => {
      rejectInvalid(request);
      const q = request.query as { companyTin: string; language?: Locale };
      const language = q.language ?? 'ru';
      const rows = await benefitsOfCompany(app.db, q.companyTin, language, tashkentToday());
      return { companyTin: q.companyTin, language, rows };
    },
  );

  app.get(
    '/ForLine',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary:
          'Benefits a product line may take: listed for its classifier code, or held by the seller or buyer on the date',
        querystring: forLineQuery,
        response: { 200: forLineResponse },
      },
    },
    async (request) => {
      rejectInvalid(request, LGOTA_MAX_PAGE_SIZE, {
        catalogCode: 'catalogue:api.errors.catalogCode',
        date: 'catalogue:api.errors.date',
        sellerTin: 'catalogue:api.errors.partyTin',
        buyerTin: 'catalogue:api.errors.partyTin',
      });
      const q = request.query as {
        catalogCode: string;
        date?: string;
        sellerTin?: string;
        buyerTin?: string;
      };
      const rows = await benefitsForLine(
        app.db,
        { code: q.catalogCode, date: q.date, seller: q.sellerTin, buyer: q.buyerTin },
        requestLanguage(request),
      );
      return { rows };
    },
  );

  app.get(
    '/nonconformitygoodscompanies',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Whether the tax authority lists a company for goods nonconformity',
        querystring: companyQuery,
        response: { 200: nonconformityResponse },
      },
    },
    async (request) => {
      // Here tin is a whole TIN, not a prefix.
      rejectInvalid(request, LGOTA_MAX_PAGE_SIZE, { tin: 'catalogue:api.errors.companyTin' });
      const { tin } = request.query as { tin: string };
      const rows = await nonconformityOfCompany(app.db, tin);
      return { tin, listed: rows.length > 0, rows };
    },
  );

  app.get(
    '/Datasets',
    {
      schema: {
        tags: TAGS,
        summary: 'Which data each list holds (demo, import, refresh)',
        response: { 200: datasetsResponse },
      },
    },
    async () => ({ rows: await listDatasets(app.db) }),
  );

  app.get(
    '/FilterOptions',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Suggestions for the catalogue filter dropdowns',
        querystring: filterOptionsQuery,
        response: { 200: filterOptionsResponse },
      },
    },
    async (request) => {
      rejectInvalid(request, FILTER_OPTIONS_MAX_SIZE);
      const q = request.query as { tab: string; field: LookupField; search?: string; size?: number };
      const list = listOfTab(q.tab)!;
      if (!LOOKUP_FIELDS[list.kind]?.includes(q.field)) {
        throw new ApiError(400, 'VALIDATION', 'catalogue:api.errors.field', { field: 'field' });
      }
      const rows = await lookup(
        app.db,
        list.key,
        q.field,
        q.search ?? '',
        q.size ?? 5,
        requestLanguage(request),
      );
      return { rows };
    },
  );
}
