import type { CatalogueTab } from '../../../engine/routes';

// The six lists of the catalogue screen plus the nonconformity list, with the table each lives in.
// Table names come only from here, never from input, so they are safe to put into SQL text.

export type ListKind = 'goods' | 'enterprises' | 'classifier' | 'nonconformity';

export interface ListDef {
  key: ListKey;
  kind: ListKind;
  table: string;
  /** Route name of the screen tab showing the list. */
  tab: CatalogueTab | null;
  /** Names accepted by `npm run import:lgota -- <list>`. */
  cliNames: string[];
  /** Operation of /api/Lgota serving the list (also the tax authority's path for the refresh). */
  operation: string;
}

export type ListKey =
  | 'withoutVat'
  | 'zeroVat'
  | 'sellers'
  | 'buyers'
  | 'notIncluded'
  | 'compensation'
  | 'nonconformity';

export const LISTS: Record<ListKey, ListDef> = {
  withoutVat: {
    key: 'withoutVat',
    kind: 'goods',
    table: 'catalogue_without_vat',
    tab: 'tasnifGetWithoutVat',
    cliNames: ['without-vat', 'withoutVat', 'tasnifGetWithoutVat', 'WithoutVatProducts'],
    operation: 'WithoutVatProducts',
  },
  zeroVat: {
    key: 'zeroVat',
    kind: 'goods',
    table: 'catalogue_zero_vat',
    tab: 'getZeroVatServices',
    cliNames: ['zero-vat', 'zeroVat', 'getZeroVatServices', 'ZeroVatProducts'],
    operation: 'ZeroVatProducts',
  },
  sellers: {
    key: 'sellers',
    kind: 'enterprises',
    table: 'catalogue_privileged_sellers',
    tab: 'enterprisesSellingWithoutOrZeroVAT',
    cliNames: ['sellers', 'enterprisesSellingWithoutOrZeroVAT', 'PrivilegedSellerCompanies'],
    operation: 'PrivilegedSellerCompanies',
  },
  buyers: {
    key: 'buyers',
    kind: 'enterprises',
    table: 'catalogue_privileged_buyers',
    tab: 'enterprisesPurchasingWithoutOrZeroVAT',
    cliNames: ['buyers', 'enterprisesPurchasingWithoutOrZeroVAT', 'PrivilegedBuyerCompanies'],
    operation: 'PrivilegedBuyerCompanies',
  },
  notIncluded: {
    key: 'notIncluded',
    kind: 'classifier',
    table: 'catalogue_not_included',
    tab: 'tasnifGetNotConsidered',
    cliNames: ['not-included', 'notIncluded', 'tasnifGetNotConsidered', 'NotIncludedProducts'],
    operation: 'NotIncludedProducts',
  },
  compensation: {
    key: 'compensation',
    kind: 'classifier',
    table: 'catalogue_compensation_works',
    tab: 'tasnifGetRefinanced',
    cliNames: ['compensation', 'tasnifGetRefinanced', 'CompensationWorks'],
    operation: 'CompensationWorks',
  },
  nonconformity: {
    key: 'nonconformity',
    kind: 'nonconformity',
    table: 'catalogue_nonconformity_companies',
    tab: null,
    cliNames: ['nonconformity', 'nonconformitygoodscompanies'],
    operation: 'nonconformitygoodscompanies',
  },
};

export const LIST_KEYS = Object.keys(LISTS) as ListKey[];

export function findList(name: string): ListDef | undefined {
  const lower = name.toLowerCase();
  return Object.values(LISTS).find((l) => l.cliNames.some((n) => n.toLowerCase() === lower));
}

export function listOfTab(tab: string): ListDef | undefined {
  return Object.values(LISTS).find((l) => l.tab === tab);
}
