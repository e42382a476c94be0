import type { CatalogueTab } from '../../../engine/routes';

// What each catalogue tab shows and filters by (spec §2 "Catalogue screen", §7 paths).

export type FilterKey = 'catalogCode' | 'catalogName' | 'lgotaName' | 'tin' | 'searchText';
export type TabKind = 'goods' | 'enterprises' | 'classifier';

export interface TabDef {
  tab: CatalogueTab;
  kind: TabKind;
  /** Operation of /api/Lgota. */
  operation: string;
  /** Key of the list in /api/Lgota/Datasets (demo badge). */
  list: string;
  filters: FilterKey[];
}

const GOODS_FILTERS: FilterKey[] = ['catalogCode', 'catalogName', 'lgotaName'];
const ENTERPRISE_FILTERS: FilterKey[] = ['tin', 'lgotaName'];

export const TAB_DEFS: Record<CatalogueTab, TabDef> = {
  tasnifGetWithoutVat: {
    tab: 'tasnifGetWithoutVat',
    kind: 'goods',
    operation: 'WithoutVatProducts',
    list: 'withoutVat',
    filters: GOODS_FILTERS,
  },
  getZeroVatServices: {
    tab: 'getZeroVatServices',
    kind: 'goods',
    operation: 'ZeroVatProducts',
    list: 'zeroVat',
    filters: GOODS_FILTERS,
  },
  enterprisesSellingWithoutOrZeroVAT: {
    tab: 'enterprisesSellingWithoutOrZeroVAT',
    kind: 'enterprises',
    operation: 'PrivilegedSellerCompanies',
    list: 'sellers',
    filters: ENTERPRISE_FILTERS,
  },
  enterprisesPurchasingWithoutOrZeroVAT: {
    tab: 'enterprisesPurchasingWithoutOrZeroVAT',
    kind: 'enterprises',
    operation: 'PrivilegedBuyerCompanies',
    list: 'buyers',
    filters: ENTERPRISE_FILTERS,
  },
  tasnifGetNotConsidered: {
    tab: 'tasnifGetNotConsidered',
    kind: 'classifier',
    operation: 'NotIncludedProducts',
    list: 'notIncluded',
    filters: ['searchText'],
  },
  tasnifGetRefinanced: {
    tab: 'tasnifGetRefinanced',
    kind: 'classifier',
    operation: 'CompensationWorks',
    list: 'compensation',
    filters: ['searchText'],
  },
};

/** URL query name → the list request's parameter name (spec §3 list request). */
export const API_PARAM: Record<FilterKey, string> = {
  catalogCode: 'tasnifCode',
  catalogName: 'tasnifName',
  lgotaName: 'lgotaName',
  tin: 'tin',
  searchText: 'searchText',
};

/** Filters whose values are digits only; the input keeps only digits and caps the length. */
export const DIGIT_FILTERS: Partial<Record<FilterKey, number>> = { catalogCode: 17, tin: 9 };
