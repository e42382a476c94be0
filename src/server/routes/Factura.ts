import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import { listMeasures } from '../services/reference/measures';
import { askTaxAuthority, taxAuthorityOf } from '../services/soliq/instance';
import { memberOrganizationTin } from '../services/soliq/organizations';
import { timestampSignatureHex } from '../services/soliq/timestamp';
import { BEARER, dataAnswer, int, langOf, langQuery, obj, rowsAnswer, str, TIN } from './referenceSchemas';
import { taxpayerTypeName } from './Soliq';

// /api/Factura (spec §7, the invoice-service group): document ids, timestamps of a signature, the
// taxpayer type, the companies and services with benefits, and the measures. Through the same
// adapter as /api/Soliq (FACTURA_API_URL for the real service; the demo registry in demo mode).

const TAGS = ['Factura'];

const companyRow = obj({
  tin: str('TIN'),
  name: str('Company'),
  newLgotaId: str('Benefit id'),
  lgotaName: str('Benefit wording'),
  dateBegin: { type: ['string', 'null'] },
  dateEnd: { type: ['string', 'null'] },
});
const listQuery = {
  pageNumber: int('Page, from 1', { minimum: 1, default: 1 }),
  pageLimit: int('Rows per page', { minimum: 1, maximum: 100, default: 50 }),
};

const taxpayerTypeAnswer = dataAnswer(
  obj({
    tin: str('TIN'),
    taxpayerType: { type: 'integer' },
    name: str('Type'),
    isDemo: { type: 'boolean' },
  }),
);

export default async function facturaRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const authority = () => taxAuthorityOf(app);

  /** The invoice service's taxpayer type of a TIN, named in the request's language. */
  async function taxpayerTypeOf(tin: string, request: FastifyRequest) {
    const lang = langOf(request);
    const t = await askTaxAuthority(() => authority().taxpayer(tin, lang));
    if (!t) throw new ApiError(404, 'TAXPAYER_NOT_FOUND', 'reference:errors.taxpayerNotFound', { tin });
    if (!t.taxpayerType)
      throw new ApiError(404, 'TAXPAYER_TYPE_UNKNOWN', 'reference:errors.taxpayerTypeUnknown', { tin });
    return {
      success: true,
      data: {
        tin,
        taxpayerType: t.taxpayerType,
        name: taxpayerTypeName(lang, t.taxpayerType),
        isDemo: Boolean(t.isDemo),
      },
    };
  }

  app.get(
    '/guid',
    {
      schema: {
        tags: TAGS,
        summary: 'A new 24-hex document id (FacturaId, FacturaProductId)',
        security: BEARER,
        response: dataAnswer({ type: 'string', pattern: '^[0-9a-f]{24}$' }),
      },
    },
    async () => ({ success: true, data: await askTaxAuthority(() => authority().guid()) }),
  );

  app.get<{ Querystring: { signatureHex: string } }>(
    '/timestamp',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'An RFC 3161 timestamp token over a signature value (hex); success false with a reason when the TSA fails',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['signatureHex'],
          properties: {
            signatureHex: str('The signature value in hex', { pattern: '^([0-9a-fA-F]{2}){16,2048}$' }),
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              reason: { type: ['string', 'null'] },
              data: { type: ['string', 'null'] },
            },
          },
          400: dataAnswer({})[400],
          503: dataAnswer({})[503],
        },
      },
    },
    async (request) =>
      timestampSignatureHex(
        request.query.signatureHex,
        app.config.signing?.tsaUrl,
        app.config.signing?.timeoutMs,
      ),
  );

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/getTaxpayerType',
    {
      schema: {
        tags: TAGS,
        summary: 'Taxpayer type of a TIN (10, 20–22, 30, 50, 60)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['tin'],
          properties: { tin: str('TIN', { pattern: TIN }), ...langQuery },
        },
        response: taxpayerTypeAnswer,
      },
    },
    async (request) => taxpayerTypeOf(request.query.tin, request),
  );

  app.get<{ Querystring: { orgId: string; lang?: string } }>(
    '/getTaxpayerTypeByOrgId',
    {
      schema: {
        tags: TAGS,
        summary: 'Taxpayer type of one of your organisations, by its id here (another organisation: 404)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['orgId'],
          additionalProperties: false,
          properties: { orgId: str('Organisation id', { format: 'uuid' }), ...langQuery },
        },
        response: taxpayerTypeAnswer,
      },
    },
    async (request) =>
      taxpayerTypeOf(await memberOrganizationTin(app.db, currentUser(request), request.query.orgId), request),
  );

  for (const [operation, kind, summary] of [
    ['getWithoutVatCompanies', 'withoutVat', 'Companies selling without VAT by a benefit'],
    ['getZeroVatCompanies', 'zeroVat', 'Companies selling at the zero VAT rate by a benefit'],
  ] as const) {
    app.get<{ Querystring: { tin?: string; pageNumber: number; pageLimit: number; lang?: string } }>(
      `/${operation}`,
      {
        schema: {
          tags: TAGS,
          summary,
          security: BEARER,
          querystring: {
            type: 'object',
            properties: {
              tin: str('TIN or its beginning', { pattern: '^\\d{1,9}$' }),
              ...listQuery,
              ...langQuery,
            },
          },
          response: rowsAnswer(companyRow),
        },
      },
      async (request) => {
        const { tin, pageNumber, pageLimit } = request.query;
        return askTaxAuthority(() =>
          authority().companies(kind, { tin }, { page: pageNumber, size: pageLimit }, langOf(request)),
        );
      },
    );
  }

  app.get<{
    Querystring: {
      lgotaId?: string;
      lgotaName?: string;
      pageNumber: number;
      pageLimit: number;
      lang?: string;
    };
  }>(
    '/getZeroVatServices',
    {
      schema: {
        tags: TAGS,
        summary: 'Goods and services at the zero VAT rate (filter by benefit id or wording)',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            lgotaId: str('Benefit id', { maxLength: 50 }),
            lgotaName: str('Words of the benefit wording', { maxLength: 200 }),
            ...listQuery,
            ...langQuery,
          },
        },
        response: rowsAnswer(
          obj({
            catalogCode: str('Code'),
            catalogName: str('Name'),
            newLgotaId: str('Benefit'),
            lgotaName: str('Wording'),
          }),
        ),
      },
    },
    async (request) => {
      const { lgotaId, lgotaName, pageNumber, pageLimit } = request.query;
      return askTaxAuthority(() =>
        authority().tasnif(
          'zeroVat',
          { lgotaId, lgotaName },
          { page: pageNumber, size: pageLimit },
          langOf(request),
        ),
      );
    },
  );

  app.get(
    '/getMeasures',
    {
      schema: {
        tags: TAGS,
        summary: 'Units of measurement (ОКЕИ codes), as InvoiceItem/getMeasureList',
        security: BEARER,
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(obj({ code: str('Code'), name: str('Name'), shortName: str('Abbreviation') })),
      },
    },
    async (request) => {
      const rows = await listMeasures(app.db, langOf(request));
      return { rows, totalCount: rows.length };
    },
  );
}
