import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { getBank } from '../services/reference/banks/store';
import { codeByInternationalCode } from '../services/reference/classifier/byGtin';
import { classifierReaderOf } from '../services/reference/classifier/reader';
import { districtByTaxCode, districtIdOf, getRegion } from '../services/reference/places';
import { askTaxAuthority, taxAuthorityOf } from '../services/soliq/instance';
import { memberOrganizationTin } from '../services/soliq/organizations';
import type { Taxpayer } from '../services/soliq/types';
import { classifierRow } from './DocumentClassifier';
import {
  BEARER,
  dataAnswer,
  int,
  langOf,
  MXIK,
  obj,
  pageQuery,
  rowsAnswer,
  str,
  TIN,
  TIN_OR_PINFL,
} from './referenceSchemas';

// /api/Soliq (spec §7, the tax-authority group): taxpayers, people, VAT registration, benefits,
// turnover, the company's products and the classifier lists the authority keeps — through one
// adapter (services/soliq): the real services when SOLIQ_API_URL is set, the labelled demo registry
// in demo mode. A service that is down is a 503 with a message saying so, never a hang. Tax
// lookups default to Uzbek (spec §9).

const TAGS = ['Soliq'];
const LANG_UZ = { lang: str('Language: uz (default), ru or en', { enum: ['uz', 'ru', 'en'] }) };
const tinQuery = (description = 'TIN, 9 digits') => ({
  type: 'object',
  required: ['tin'],
  properties: { tin: str(description, { pattern: TIN }), ...LANG_UZ },
});

const individualSchema = obj({
  pinfl: { type: ['string', 'null'] },
  tin: { type: ['string', 'null'] },
  fullName: str('Full name'),
  lastName: { type: ['string', 'null'] },
  firstName: { type: ['string', 'null'] },
  middleName: { type: ['string', 'null'] },
  isDemo: { type: 'boolean' },
});
const taxpayerSchema = obj({
  tin: str('TIN'),
  name: str('Name'),
  taxpayerType: { type: ['integer', 'null'] },
  taxpayerTypeName: { type: ['string', 'null'] },
  vatPayer: { type: ['boolean', 'null'] },
  vatRegCode: { type: ['string', 'null'] },
  vatRegStatus: { type: ['integer', 'null'] },
  account: { type: ['string', 'null'] },
  mfo: { type: ['string', 'null'] },
  bankName: { type: ['string', 'null'] },
  oked: { type: ['string', 'null'] },
  address: { type: ['string', 'null'] },
  regionId: { type: ['integer', 'null'] },
  regionName: { type: ['string', 'null'] },
  districtCode: { type: ['integer', 'null'] },
  districtId: { type: ['string', 'null'] },
  districtName: { type: ['string', 'null'] },
  director: { type: ['string', 'null'] },
  accountant: { type: ['string', 'null'] },
  isDemo: { type: 'boolean' },
});
const lgotaRow = obj({
  newLgotaId: str('Benefit id'),
  lgotaId: { type: ['string', 'null'] },
  lgotaName: str('Wording'),
  kind: str('seller or buyer'),
  dateBegin: str('From'),
  dateEnd: { type: ['string', 'null'] },
  active: { type: 'boolean' },
});
const tasnifRow = obj({
  catalogCode: str('Classifier code'),
  catalogName: str('Name'),
  newLgotaId: str('Benefit'),
  lgotaName: str('Benefit wording'),
});

export const taxpayerTypeName = (lang: Parameters<typeof translate>[0], type: number | null | undefined) =>
  type ? translate(lang, `forms:enums.TaxpayerType.${type}`) : null;

export default async function soliqRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const authority = () => taxAuthorityOf(app);
  const lang = (request: FastifyRequest) => langOf(request, 'uz');

  async function taxpayerOr404(tin: string, request: FastifyRequest): Promise<Taxpayer> {
    const found = await askTaxAuthority(() => authority().taxpayer(tin, lang(request)));
    if (!found) throw new ApiError(404, 'TAXPAYER_NOT_FOUND', 'reference:errors.taxpayerNotFound', { tin });
    return found;
  }

  /** The registry record with the names a form shows: taxpayer type, bank, region and district. */
  async function described(t: Taxpayer, request: FastifyRequest) {
    const l = lang(request);
    const region = t.regionId ? await getRegion(app.db, t.regionId, l) : null;
    const district =
      t.regionId && t.districtCode ? await districtByTaxCode(app.db, t.regionId, t.districtCode, l) : null;
    const bank = t.mfo ? await getBank(app.db, t.mfo) : null;
    return {
      ...t,
      isDemo: Boolean(t.isDemo),
      taxpayerTypeName: taxpayerTypeName(l, t.taxpayerType),
      bankName: bank?.name ?? null,
      regionName: region?.name ?? null,
      districtName: district?.name ?? null,
      districtId: t.regionId && t.districtCode ? districtIdOf(t.regionId, t.districtCode) : null,
    };
  }

  /** Turnover and the product list are the caller's own business: another company's is a 404. */
  function ownTin(request: FastifyRequest, tin: string | undefined): string {
    const own = currentUser(request).tin;
    const asked = tin ?? own;
    if (!asked || asked !== own)
      throw new ApiError(404, 'TAXPAYER_NOT_FOUND', 'reference:errors.taxpayerNotFound', {
        tin: asked ?? '',
      });
    return asked;
  }

  async function individual(value: string, request: FastifyRequest) {
    const person = await askTaxAuthority(() => authority().individual(value, lang(request)));
    if (!person)
      throw new ApiError(404, 'INDIVIDUAL_NOT_FOUND', 'reference:errors.individualNotFound', { tin: value });
    return { ...person, isDemo: Boolean(person.isDemo) };
  }

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/individualInfo',
    {
      schema: {
        tags: TAGS,
        summary: 'A natural person by PINFL or personal TIN (name only)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['tin'],
          properties: {
            tin: str('PINFL (14 digits) or personal TIN (9 digits)', { pattern: TIN_OR_PINFL }),
            ...LANG_UZ,
          },
        },
        response: dataAnswer(individualSchema),
      },
    },
    async (request) => ({ success: true, data: await individual(request.query.tin, request) }),
  );

  app.get<{ Querystring: { val: string; lang?: string } }>(
    '/individualInfoV2',
    {
      schema: {
        tags: TAGS,
        summary:
          'A natural person by PINFL or personal TIN, with the sole proprietorship registered under it',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['val'],
          properties: { val: str('PINFL or personal TIN', { pattern: TIN_OR_PINFL }), ...LANG_UZ },
        },
        response: dataAnswer(
          obj({
            ...individualSchema.properties,
            entrepreneur: { type: ['object', 'null'], additionalProperties: true },
          }),
        ),
      },
    },
    async (request) => {
      const person = await individual(request.query.val, request);
      let entrepreneur = null;
      if (person.tin) {
        const t = await askTaxAuthority(() => authority().taxpayer(person.tin!, lang(request)));
        if (t?.taxpayerType === 50)
          entrepreneur = {
            tin: t.tin,
            name: t.name,
            taxpayerType: 50,
            taxpayerTypeName: taxpayerTypeName(lang(request), 50),
          };
      }
      return { success: true, data: { ...person, entrepreneur } };
    },
  );

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/individualForOrgs',
    {
      schema: {
        tags: TAGS,
        summary: 'The people of an organisation as the registry names them: director and chief accountant',
        security: BEARER,
        querystring: tinQuery('Organisation TIN'),
        response: dataAnswer(
          obj({
            tin: str('TIN'),
            name: str('Organisation'),
            director: { type: ['string', 'null'] },
            accountant: { type: ['string', 'null'] },
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => {
      const t = await taxpayerOr404(request.query.tin, request);
      return {
        success: true,
        data: {
          tin: t.tin,
          name: t.name,
          director: t.director ?? null,
          accountant: t.accountant ?? null,
          isDemo: Boolean(t.isDemo),
        },
      };
    },
  );

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/legalEntity',
    {
      schema: {
        tags: TAGS,
        summary:
          'A legal entity of the registry: name, address, region and district, OKED, director, accountant',
        security: BEARER,
        querystring: tinQuery(),
        response: dataAnswer(taxpayerSchema),
      },
    },
    async (request) => {
      const full = await described(await taxpayerOr404(request.query.tin, request), request);
      const { account: _a, mfo: _m, bankName: _b, ...entity } = full;
      return { success: true, data: entity };
    },
  );

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/payerRegCode',
    {
      schema: {
        tags: TAGS,
        summary: 'VAT registration: code (12 digits) and status (20 active, 21 inactive, 22 suspended)',
        security: BEARER,
        querystring: tinQuery(),
        response: dataAnswer(
          obj({
            tin: str('TIN'),
            vatPayer: { type: 'boolean' },
            vatRegCode: { type: ['string', 'null'] },
            vatRegStatus: { type: ['integer', 'null'] },
            vatRegStatusName: { type: ['string', 'null'] },
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => {
      const t = await taxpayerOr404(request.query.tin, request);
      return {
        success: true,
        data: {
          tin: t.tin,
          vatPayer: Boolean(t.vatPayer ?? t.vatRegCode),
          vatRegCode: t.vatRegCode ?? null,
          vatRegStatus: t.vatRegStatus ?? null,
          vatRegStatusName: t.vatRegStatus
            ? translate(lang(request), `forms:enums.VatRegStatus.${t.vatRegStatus}`)
            : null,
          isDemo: Boolean(t.isDemo),
        },
      };
    },
  );

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/getOrgInfo',
    {
      schema: {
        tags: TAGS,
        summary:
          'Everything the registry knows of a taxpayer, with the names of its bank, region and district',
        security: BEARER,
        querystring: tinQuery(),
        response: dataAnswer(taxpayerSchema),
      },
    },
    async (request) => ({
      success: true,
      data: await described(await taxpayerOr404(request.query.tin, request), request),
    }),
  );

  app.get<{
    Querystring: {
      search?: string;
      kind?: 'withoutVat' | 'zeroVat';
      page: number;
      size: number;
      lang?: string;
    };
  }>(
    '/getLgotaList',
    {
      schema: {
        tags: TAGS,
        summary: "The tax authority's benefits (lgota): id, previous id, wording and kind",
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            search: str('Words of the wording or the id', { maxLength: 200 }),
            kind: str('withoutVat or zeroVat', { enum: ['withoutVat', 'zeroVat'] }),
            ...pageQuery,
            ...LANG_UZ,
          },
        },
        response: rowsAnswer(
          obj({
            id: str('Benefit id'),
            oldId: { type: ['string', 'null'] },
            name: str('Wording'),
            kind: { type: ['string', 'null'] },
          }),
        ),
      },
    },
    async (request) => {
      const { search, kind, page, size } = request.query;
      return askTaxAuthority(() => authority().lgotaList({ search, kind }, { page, size }, lang(request)));
    },
  );

  for (const [operation, kind, summary] of [
    ['getLgotaListByTin', null, 'The benefits a company holds, as seller and as buyer'],
    ['getSellerLgotaListByTin', 'seller', 'The benefits a company sells with'],
    ['getBuyerLgotaListByTin', 'buyer', 'The benefits a company buys with'],
  ] as const) {
    app.get<{ Querystring: { tin: string; lang?: string } }>(
      `/${operation}`,
      {
        schema: {
          tags: TAGS,
          summary,
          security: BEARER,
          querystring: tinQuery(),
          response: rowsAnswer(lgotaRow),
        },
      },
      async (request) => {
        const rows = await askTaxAuthority(() => authority().companyLgotas(request.query.tin, lang(request)));
        if (!rows)
          throw new ApiError(404, 'TAXPAYER_NOT_FOUND', 'reference:errors.taxpayerNotFound', {
            tin: request.query.tin,
          });
        const picked = kind ? rows.filter((r) => r.kind === kind) : rows;
        return { rows: picked, totalCount: picked.length };
      },
    );
  }

  app.get<{ Querystring: { tin?: string; year?: number } }>(
    '/getTurnoverByTin',
    {
      schema: {
        tags: TAGS,
        summary: "Your organisation's turnover for a year (another company's turnover is not shown: 404)",
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            tin: str('Your TIN (default)', { pattern: TIN }),
            year: int('Year (default: the current one)', { minimum: 2000, maximum: 2100 }),
          },
        },
        response: dataAnswer(
          obj({
            tin: str('TIN'),
            year: { type: 'integer' },
            amount: str('Turnover in sum (exact decimal)'),
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => {
      const tin = ownTin(request, request.query.tin);
      const year = request.query.year ?? new Date().getUTCFullYear();
      const turnover = await askTaxAuthority(() => authority().turnover(tin, year));
      if (!turnover)
        throw new ApiError(404, 'TURNOVER_NOT_FOUND', 'reference:errors.turnoverNotFound', { tin, year });
      return { success: true, data: { ...turnover, isDemo: Boolean(turnover.isDemo) } };
    },
  );

  app.get<{ Querystring: { tin?: string; lang?: string } }>(
    '/getProductListByCompany',
    {
      schema: {
        tags: TAGS,
        summary: 'The classifier codes your organisation is registered to sell (another company: 404)',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: { tin: str('Your TIN (default)', { pattern: TIN }), ...LANG_UZ },
        },
        response: rowsAnswer(
          obj({
            catalogCode: str('Code'),
            catalogName: str('Name'),
            packageCode: { type: ['string', 'null'] },
            packageName: { type: ['string', 'null'] },
          }),
        ),
      },
    },
    async (request) => {
      const tin = ownTin(request, request.query.tin);
      const rows = await askTaxAuthority(() => authority().productsOfCompany(tin, lang(request)));
      if (!rows) throw new ApiError(404, 'TAXPAYER_NOT_FOUND', 'reference:errors.taxpayerNotFound', { tin });
      return { rows, totalCount: rows.length };
    },
  );

  for (const [operation, list, summary] of [
    ['tasnifGetWithoutVat', 'withoutVat', 'Classifier codes sold without VAT, with their benefit'],
    ['tasnifGetNotConsidered', 'notConsidered', 'Classifier codes not considered'],
    ['tasnifGetRefinanced', 'refinanced', 'Classifier codes of refinanced (compensated) works'],
  ] as const) {
    app.get<{
      Querystring: { mxikCode?: string; searchText?: string; page: number; size: number; lang?: string };
    }>(
      `/${operation}`,
      {
        schema: {
          tags: TAGS,
          summary,
          security: BEARER,
          querystring: {
            type: 'object',
            properties: {
              mxikCode: str('Classifier code or its beginning', { pattern: '^\\d{1,17}$' }),
              searchText: str('Words of the name', { maxLength: 200 }),
              ...pageQuery,
              ...LANG_UZ,
            },
          },
          response: rowsAnswer(tasnifRow),
        },
      },
      async (request) => {
        const { mxikCode, searchText, page, size } = request.query;
        return askTaxAuthority(() =>
          authority().tasnif(list, { mxikCode, search: searchText }, { page, size }, lang(request)),
        );
      },
    );
  }

  app.get<{ Querystring: { tin: string; lang?: string } }>(
    '/getTaxpayerType',
    {
      schema: {
        tags: TAGS,
        summary: 'Taxpayer type: 10 VAT, 20–22 VAT+, 30 turnover tax, 50 sole proprietor, 60 individual',
        security: BEARER,
        querystring: tinQuery(),
        response: dataAnswer(
          obj({
            tin: str('TIN'),
            taxpayerType: { type: 'integer' },
            name: str('Type in the language'),
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) => taxpayerType(request.query.tin, request),
  );

  async function taxpayerType(tin: string, request: FastifyRequest) {
    const t = await taxpayerOr404(tin, request);
    if (!t.taxpayerType)
      throw new ApiError(404, 'TAXPAYER_TYPE_UNKNOWN', 'reference:errors.taxpayerTypeUnknown', { tin });
    return {
      success: true,
      data: {
        tin,
        taxpayerType: t.taxpayerType,
        name: taxpayerTypeName(lang(request), t.taxpayerType),
        isDemo: Boolean(t.isDemo),
      },
    };
  }

  app.get<{ Querystring: { orgId: string; lang?: string } }>(
    '/getTaxpayerTypeByOrgId',
    {
      schema: {
        tags: TAGS,
        summary: 'Taxpayer type of one of your organisations (by its id here)',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['orgId'],
          properties: { orgId: str('Organisation id', { format: 'uuid' }), ...LANG_UZ },
        },
        response: dataAnswer(
          obj({
            tin: str('TIN'),
            taxpayerType: { type: 'integer' },
            name: str('Type'),
            isDemo: { type: 'boolean' },
          }),
        ),
      },
    },
    async (request) =>
      taxpayerType(await memberOrganizationTin(app.db, currentUser(request), request.query.orgId), request),
  );

  // The classifier's product card by its code, or by the international id (GTIN) of a brand-level
  // code (spec §7 "product code, id"): the same cards as Document/getProductsClassifier.
  const product = async (request: FastifyRequest, code: string | null, asked: string) => {
    const card = code ? await classifierReaderOf(app.db).get(code, lang(request)) : null;
    if (!card)
      throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'reference:errors.classifierProductNotFound', {
        code: asked,
      });
    return { success: true, data: card };
  };

  app.get<{ Querystring: { code: string; lang?: string } }>(
    '/getProductByCode',
    {
      schema: {
        tags: TAGS,
        summary: 'A classifier product (MXIK / IKPU) by its 17-digit code: names, marking, packages',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: str('Classifier code, 17 digits', { pattern: MXIK }), ...LANG_UZ },
        },
        response: dataAnswer(classifierRow),
      },
    },
    async (request) => product(request, request.query.code, request.query.code),
  );

  app.get<{ Querystring: { id: string; lang?: string } }>(
    '/getProductById',
    {
      schema: {
        tags: TAGS,
        summary:
          'A classifier product by its international id (GTIN barcode, 8–14 digits) of a brand-level code',
        security: BEARER,
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: str('GTIN, 8 to 14 digits', { pattern: '^\\d{8,14}$' }), ...LANG_UZ },
        },
        response: dataAnswer(classifierRow),
      },
    },
    async (request) =>
      product(request, await codeByInternationalCode(app.db, request.query.id), request.query.id),
  );
}
