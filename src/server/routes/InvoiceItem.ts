import type { FastifyInstance } from 'fastify';
import { authenticate, currentUser } from '../auth';
import { ApiError } from '../errors';
import { getBank, listBanks } from '../services/reference/banks/store';
import { getMeasure, listMeasures } from '../services/reference/measures';
import { getTransport, updateTransport } from '../services/reference/org/transport';
import { getDistrict, getRegion, listDistricts } from '../services/reference/places';
import { getCountry, getCurrency, listCountries, listCurrencies } from '../services/reference/world';
import {
  allRows,
  BEARER,
  dataAnswer,
  int,
  langOf,
  langQuery,
  nullable,
  obj,
  pageQuery,
  rowsAnswer,
  str,
  TIN_OR_PINFL,
} from './referenceSchemas';

// /api/InvoiceItem (spec §7): the lists the document forms pick from — banks, districts, countries,
// measures, currencies — and the transport an organisation used with a carrier. See docs/reference.md.

const TAGS = ['InvoiceItem'];

const names = {
  name: str('Name in the language asked for'),
  nameRu: nullable('string', 'Russian'),
  nameUzLatn: nullable('string', 'Uzbek (Latin)'),
  nameUzCyrl: nullable('string', 'Uzbek (Cyrillic)'),
};

export const bankSchema = obj({
  mfo: str('MFO, 5 digits'),
  name: str('Name as the Central Bank writes it'),
  nameRu: nullable('string', 'Russian name'),
  headMfo: nullable('string', "The head bank's MFO (a branch)"),
  headName: nullable('string', "The head bank's name"),
  tin: nullable('string', 'TIN'),
  address: nullable('string', 'Address'),
  isActive: { type: 'boolean' },
  isDemo: { type: 'boolean', description: 'A bank of the labelled demo set' },
  version: { type: 'integer' },
  updatedAt: str('Last change'),
});
export const districtSchema = obj({
  id: int('SOATO code (7 digits)'),
  soato: int('SOATO code'),
  regionId: int("The tax authority's region id"),
  taxDistrictCode: nullable('integer', "The tax authority's district code in the region, where public"),
  districtId: nullable('string', 'Region and district code as DistrictId of an invoice party ("2606")'),
  type: str('district or city'),
  ...names,
});
const countrySchema = obj({
  code: str('ISO alpha-2'),
  alpha3: str('ISO alpha-3'),
  numeric: str('ISO numeric'),
  ...names,
  nameEn: str('English'),
});
const measureSchema = obj({
  code: str('ОКЕИ code, 3 digits'),
  shortName: str('Abbreviation'),
  ...names,
  nameEn: str('English'),
});
const currencySchema = obj({
  code: str('ISO 4217 alpha'),
  numeric: str('ISO numeric'),
  minorDigits: nullable('integer', 'Decimals'),
  ...names,
});
const vehicle = {
  type: 'object',
  additionalProperties: false,
  required: ['RegNo', 'Model'],
  properties: {
    RegNo: str('Registration number', { minLength: 1, maxLength: 20 }),
    Model: str('Model', { minLength: 1, maxLength: 100 }),
  },
};
const driver = {
  type: 'object',
  additionalProperties: false,
  required: ['Pinfl', 'FullName'],
  properties: {
    Pinfl: str('TIN or PINFL', { pattern: TIN_OR_PINFL }),
    FullName: str('Full name', { minLength: 1, maxLength: 300 }),
  },
};
const transportSchema = obj({
  TinOrPinfl: str('Carrier'),
  Name: nullable('string', 'Carrier name'),
  Trucks: { type: 'array', items: vehicle },
  Trailers: { type: 'array', items: vehicle },
  Drivers: { type: 'array', items: driver },
  version: { type: 'integer' },
  updatedAt: str('Last change'),
});

const idParam = (description: string, pattern: string) => ({
  type: 'object',
  required: ['id'],
  properties: { id: str(description, { pattern }) },
});

export default async function invoiceItemRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const db = app.db;

  app.get<{ Querystring: { search?: string; page: number; size: number; activeOnly?: boolean } }>(
    '/getBankList',
    {
      schema: {
        tags: TAGS,
        summary: 'Banks by MFO: search by MFO or words of the name',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            search: str('MFO or words of the name', { maxLength: 100 }),
            activeOnly: { type: 'boolean', default: true },
            ...pageQuery,
          },
        },
        response: rowsAnswer(bankSchema),
      },
    },
    async (request) => listBanks(db, request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/getBank/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One bank by MFO',
        security: BEARER,
        params: idParam('MFO, 5 digits', '^\\d{5}$'),
        response: dataAnswer(bankSchema),
      },
    },
    async (request) => {
      const bank = await getBank(db, request.params.id);
      if (!bank)
        throw new ApiError(404, 'BANK_NOT_FOUND', 'reference:errors.bankNotFound', {
          mfo: request.params.id,
        });
      return { success: true, data: bank };
    },
  );

  app.get<{ Querystring: { regionId?: number; lang?: string } }>(
    '/getDistrictList',
    {
      schema: {
        tags: TAGS,
        summary: 'Districts and cities of Uzbekistan (optionally of one region)',
        security: BEARER,
        querystring: {
          type: 'object',
          properties: {
            regionId: int("The tax authority's region id", { minimum: 1, maximum: 99 }),
            ...langQuery,
          },
        },
        response: rowsAnswer(districtSchema),
      },
    },
    async (request) => allRows(await listDistricts(db, langOf(request), request.query.regionId)),
  );

  app.get<{ Params: { id: string } }>(
    '/getDistrict/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One district by SOATO code',
        security: BEARER,
        params: idParam('SOATO code, 7 digits', '^\\d{7}$'),
        querystring: { type: 'object', properties: langQuery },
        response: dataAnswer(districtSchema),
      },
    },
    async (request) => {
      const district = await getDistrict(db, Number(request.params.id), langOf(request));
      if (!district)
        throw new ApiError(404, 'DISTRICT_NOT_FOUND', 'reference:errors.districtNotFound', {
          id: request.params.id,
        });
      return { success: true, data: district };
    },
  );

  app.get<{ Params: { regionId: string } }>(
    '/getDistrictsByRegionId/:regionId',
    {
      schema: {
        tags: TAGS,
        summary: "Districts of a region (the tax authority's region id)",
        security: BEARER,
        params: {
          type: 'object',
          required: ['regionId'],
          properties: { regionId: str("The tax authority's region id", { pattern: '^\\d{1,2}$' }) },
        },
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(districtSchema),
      },
    },
    async (request) => {
      const regionId = Number(request.params.regionId);
      const lang = langOf(request);
      if (!(await getRegion(db, regionId, lang)))
        throw new ApiError(404, 'REGION_NOT_FOUND', 'reference:errors.regionNotFound', { id: regionId });
      return allRows(await listDistricts(db, lang, regionId));
    },
  );

  app.get(
    '/getCountryList',
    {
      schema: {
        tags: TAGS,
        summary: 'Countries (ISO 3166-1), sorted by name in the language',
        security: BEARER,
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(countrySchema),
      },
    },
    async (request) => allRows(await listCountries(db, langOf(request))),
  );

  app.get<{ Params: { id: string } }>(
    '/getCountry/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One country by alpha-2, alpha-3 or numeric code',
        security: BEARER,
        params: idParam('UZ, UZB or 860', '^([A-Za-z]{2,3}|\\d{3})$'),
        querystring: { type: 'object', properties: langQuery },
        response: dataAnswer(countrySchema),
      },
    },
    async (request) => {
      const country = await getCountry(db, request.params.id, langOf(request));
      if (!country)
        throw new ApiError(404, 'COUNTRY_NOT_FOUND', 'reference:errors.countryNotFound', {
          id: request.params.id,
        });
      return { success: true, data: country };
    },
  );

  app.get(
    '/getMeasureList',
    {
      schema: {
        tags: TAGS,
        summary: 'Units of measurement (ОКЕИ codes)',
        security: BEARER,
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(measureSchema),
      },
    },
    async (request) => allRows(await listMeasures(db, langOf(request))),
  );

  app.get<{ Params: { id: string } }>(
    '/getMeasure/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One unit by its ОКЕИ code',
        security: BEARER,
        params: idParam('ОКЕИ code, 3 digits', '^\\d{3}$'),
        querystring: { type: 'object', properties: langQuery },
        response: dataAnswer(measureSchema),
      },
    },
    async (request) => {
      const measure = await getMeasure(db, request.params.id, langOf(request));
      if (!measure)
        throw new ApiError(404, 'MEASURE_NOT_FOUND', 'reference:errors.measureNotFound', {
          id: request.params.id,
        });
      return { success: true, data: measure };
    },
  );

  app.get(
    '/getCurrencyList',
    {
      schema: {
        tags: TAGS,
        summary: 'Currencies (ISO 4217)',
        security: BEARER,
        querystring: { type: 'object', properties: langQuery },
        response: rowsAnswer(currencySchema),
      },
    },
    async (request) => allRows(await listCurrencies(db, langOf(request))),
  );

  app.get<{ Params: { id: string } }>(
    '/getCurrency/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One currency by alpha or numeric code',
        security: BEARER,
        params: idParam('UZS or 860', '^([A-Za-z]{3}|\\d{3})$'),
        querystring: { type: 'object', properties: langQuery },
        response: dataAnswer(currencySchema),
      },
    },
    async (request) => {
      const currency = await getCurrency(db, request.params.id, langOf(request));
      if (!currency)
        throw new ApiError(404, 'CURRENCY_NOT_FOUND', 'reference:errors.currencyNotFound', {
          id: request.params.id,
        });
      return { success: true, data: currency };
    },
  );

  app.get<{ Params: { tinOrPinfl: string } }>(
    '/getTransport/:tinOrPinfl',
    {
      schema: {
        tags: TAGS,
        summary: 'The trucks, trailers and drivers your organisation used with a carrier',
        security: BEARER,
        params: {
          type: 'object',
          required: ['tinOrPinfl'],
          properties: { tinOrPinfl: str("The carrier's TIN or PINFL", { pattern: TIN_OR_PINFL }) },
        },
        response: dataAnswer(transportSchema),
      },
    },
    async (request) => {
      const transport = await getTransport(
        db,
        currentUser(request).organizationId,
        request.params.tinOrPinfl,
      );
      if (!transport)
        throw new ApiError(404, 'TRANSPORT_NOT_FOUND', 'reference:errors.transportNotFound', {
          tin: request.params.tinOrPinfl,
        });
      return { success: true, data: transport };
    },
  );

  app.post<{
    Body: {
      TinOrPinfl: string;
      Name?: string;
      Trucks: Array<{ RegNo: string; Model: string }>;
      Trailers: Array<{ RegNo: string; Model: string }>;
      Drivers: Array<{ Pinfl: string; FullName: string }>;
      version?: number;
    };
  }>(
    '/updateTransport',
    {
      schema: {
        tags: TAGS,
        summary:
          "Saves the carrier's trucks, trailers and drivers for your next waybills (version: the one read; stale → 409)",
        security: BEARER,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['TinOrPinfl'],
          properties: {
            TinOrPinfl: str("The carrier's TIN or PINFL", { pattern: TIN_OR_PINFL }),
            Name: str('Carrier name', { maxLength: 500 }),
            Trucks: { type: 'array', items: vehicle, maxItems: 50, default: [] },
            Trailers: { type: 'array', items: vehicle, maxItems: 50, default: [] },
            Drivers: { type: 'array', items: driver, maxItems: 50, default: [] },
            version: int('Version read with getTransport (0: a new list)', { minimum: 0 }),
          },
        },
        response: dataAnswer(transportSchema),
      },
    },
    async (request) => ({
      success: true,
      data: await updateTransport(db, currentUser(request).organizationId, request.body),
    }),
  );
}
