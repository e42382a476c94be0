import { LGOTA_MAX_PAGE_SIZE, LOCALES } from '../../engine/constants';
import { CATALOGUE_TABS } from '../../engine/routes';

// JSON schemas of /api/Lgota: they validate the query and describe the answers in OpenAPI.

export const TEXT_MAX = 200;
export const FILTER_OPTIONS_MAX_SIZE = 20;

const paging = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' },
  size: {
    type: 'integer',
    minimum: 1,
    maximum: LGOTA_MAX_PAGE_SIZE,
    default: 50,
    description: `Rows per page, at most ${LGOTA_MAX_PAGE_SIZE}`,
  },
};
const textFilter = (description: string) => ({ type: 'string', maxLength: TEXT_MAX, description });

export const goodsQuery = {
  type: 'object',
  properties: {
    ...paging,
    tasnifCode: {
      type: 'string',
      pattern: '^[0-9]{0,17}$',
      description: 'Classifier (MXIK) code or its prefix',
    },
    tasnifName: textFilter('Words the classifier name contains (word prefixes, any script, any case)'),
    lgotaName: textFilter('Text the benefit name contains'),
  },
};

export const enterprisesQuery = {
  type: 'object',
  properties: {
    ...paging,
    tin: { type: 'string', pattern: '^[0-9]{0,9}$', description: 'TIN or its prefix' },
    lgotaName: textFilter('Text the benefit name contains'),
  },
};

export const classifierQuery = {
  type: 'object',
  properties: { ...paging, searchText: textFilter('Classifier code prefix or words of the name') },
};

const tin9 = { type: 'string', pattern: '^[0-9]{9}$' };

export const getLgotaQuery = {
  type: 'object',
  required: ['companyTin'],
  properties: { companyTin: tin9, language: { type: 'string', enum: [...LOCALES], default: 'ru' } },
};

export const companyQuery = { type: 'object', required: ['tin'], properties: { tin: tin9 } };

export const filterOptionsQuery = {
  type: 'object',
  required: ['tab', 'field'],
  properties: {
    tab: { type: 'string', enum: [...CATALOGUE_TABS] },
    field: { type: 'string', enum: ['catalogCode', 'catalogName', 'lgotaName', 'tin', 'searchText'] },
    search: textFilter('What the user typed'),
    size: { type: 'integer', minimum: 1, maximum: FILTER_OPTIONS_MAX_SIZE, default: 5 },
  },
};

const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };

const listOf = (row: object) => ({
  type: 'object',
  required: ['rows', 'totalCount'],
  properties: { rows: { type: 'array', items: row }, totalCount: { type: 'integer' } },
});

export const goodsResponse = listOf({
  type: 'object',
  properties: { catalogCode: str, catalogName: str, newLgotaId: str, lgotaName: str, lgotaId: nullableStr },
});

export const enterprisesResponse = listOf({
  type: 'object',
  properties: {
    name: str,
    tin: str,
    newLgotaId: str,
    lgotaName: str,
    lgotaId: nullableStr,
    dateBegin: { type: 'string', format: 'date' },
    dateEnd: { type: ['string', 'null'], format: 'date' },
  },
});

export const classifierResponse = listOf({
  type: 'object',
  properties: { catalogCode: str, catalogName: str },
});

export const getLgotaResponse = {
  type: 'object',
  properties: {
    companyTin: str,
    language: str,
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          newLgotaId: str,
          lgotaId: nullableStr,
          lgotaName: str,
          kind: { type: 'string', enum: ['seller', 'buyer'] },
          dateBegin: str,
          dateEnd: nullableStr,
          active: { type: 'boolean' },
        },
      },
    },
  },
};

export const nonconformityResponse = {
  type: 'object',
  properties: {
    tin: str,
    listed: { type: 'boolean' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          tin: str,
          name: str,
          catalogCode: nullableStr,
          catalogName: nullableStr,
          reason: nullableStr,
          dateBegin: nullableStr,
        },
      },
    },
  },
};

export const datasetsResponse = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          list: str,
          source: { type: 'string', enum: ['demo', 'import', 'refresh'] },
          fileName: nullableStr,
          rowCount: { type: 'integer' },
          loadedAt: str,
        },
      },
    },
  },
};

export const filterOptionsResponse = {
  type: 'object',
  properties: { rows: { type: 'array', items: { type: 'object', properties: { value: str, label: str } } } },
};

export const forLineQuery = {
  type: 'object',
  required: ['catalogCode'],
  properties: {
    catalogCode: { type: 'string', pattern: '^[0-9]{17}$', description: "The line's classifier (MXIK) code" },
    date: {
      type: 'string',
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      description:
        'The document date (yyyy-MM-dd): a privileged enterprise’s benefit applies within its period',
    },
    sellerTin: {
      type: 'string',
      pattern: '^([0-9]{9}|[0-9]{14})$',
      description: "The seller's TIN or PINFL",
    },
    buyerTin: { type: 'string', pattern: '^([0-9]{9}|[0-9]{14})$', description: "The buyer's TIN or PINFL" },
  },
};

export const forLineResponse = {
  type: 'object',
  required: ['rows'],
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'catalogueId', 'name', 'type', 'source'],
        properties: {
          id: { type: 'integer', description: "The line's LgotaId (a demo benefit: 990000000000 + n)" },
          catalogueId: {
            type: 'string',
            description: 'The catalogue id (newLgotaId; DEMO-n for a demo benefit)',
          },
          name: str,
          type: { type: 'integer', enum: [1, 2] },
          source: { type: 'string', enum: ['withoutVat', 'zeroVat', 'seller', 'buyer'] },
          dateBegin: nullableStr,
          dateEnd: nullableStr,
        },
      },
    },
  },
};
