import {
  keepPreviousData,
  QueryClient,
  QueryClientContext,
  type QueryKey,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery as useQueryWith,
} from '@tanstack/react-query';
import { useContext } from 'react';
import { apiFetch } from './client';

// Reference data for the forms (spec §7 InvoiceItem, Regions, Banks, the Document classifier calls,
// OrgSetting): regions, districts, countries, measures, banks, the classifier and the company's own
// products. The lists change only when an operator loads new data, so they are kept for the session;
// each language is its own cache entry (names come back in the request's language).

export interface Rows<T> {
  rows: T[];
  totalCount: number;
}

export interface Region {
  id: number;
  soato: number;
  name: string;
}

export interface District {
  soato: number;
  regionId: number;
  taxDistrictCode: number | null;
  /** Region and district as an invoice party's DistrictId ("2606"); null where the code is not public. */
  districtId: string | null;
  name: string;
}

export interface Country {
  code: string;
  alpha3: string;
  numeric: string;
  name: string;
}

export interface Measure {
  code: string;
  name: string;
  shortName: string;
}

export interface Bank {
  mfo: string;
  name: string;
  headName: string | null;
  isActive: boolean;
  isDemo: boolean;
}

export interface ClassifierPackage {
  code: string;
  name: string;
  packageType: string | null;
}

export interface ClassifierItem {
  code: string;
  name: string;
  label: boolean;
  isDemo: boolean;
  packages: ClassifierPackage[];
}

export interface OrgProduct {
  id: string;
  name: string;
  catalogCode: string;
  catalogName: string | null;
  packageCode: string | null;
  packageName: string | null;
}

/**
 * The form's widgets also render outside the app's QueryClientProvider (a form on its own, tests):
 * there they share one client of their own instead of failing.
 */
const ownClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
function useQueryClientOrOwn(): QueryClient {
  return useContext(QueryClientContext) ?? ownClient;
}

function useQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  return useQueryWith(options, useQueryClientOrOwn());
}

/** Lists that only an operator's load changes: fetched once per language and session. */
const FOREVER = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const referenceKeys = {
  regions: (lang: string) => ['reference', 'regions', lang] as const,
  districts: (lang: string) => ['reference', 'districts', lang] as const,
  countries: (lang: string) => ['reference', 'countries', lang] as const,
  measures: (lang: string) => ['reference', 'measures', lang] as const,
  bank: (mfo: string) => ['reference', 'bank', mfo] as const,
  banks: (search: string) => ['reference', 'banks', search] as const,
  packages: (code: string, lang: string) => ['reference', 'packages', code, lang] as const,
};

const list = <T>(path: string, lang: string, signal?: AbortSignal) =>
  apiFetch<Rows<T>>(path, { query: { lang }, signal, quiet: true }).then((r) => r.rows);

export function useRegions(lang: string) {
  return useQuery({
    queryKey: referenceKeys.regions(lang),
    queryFn: ({ signal }) => list<Region>('Regions/list', lang, signal),
    ...FOREVER,
  });
}

/** Every district (209 rows): one request, filtered by region in the widget. */
export function useDistricts(lang: string) {
  return useQuery({
    queryKey: referenceKeys.districts(lang),
    queryFn: ({ signal }) => list<District>('InvoiceItem/getDistrictList', lang, signal),
    ...FOREVER,
  });
}

export function useCountries(lang: string) {
  return useQuery({
    queryKey: referenceKeys.countries(lang),
    queryFn: ({ signal }) => list<Country>('InvoiceItem/getCountryList', lang, signal),
    ...FOREVER,
  });
}

export function useMeasures(lang: string) {
  return useQuery({
    queryKey: referenceKeys.measures(lang),
    queryFn: ({ signal }) => list<Measure>('InvoiceItem/getMeasureList', lang, signal),
    ...FOREVER,
  });
}

/** The bank of an MFO (null when the directory does not hold it). */
export function useBank(mfo: string) {
  return useQuery({
    queryKey: referenceKeys.bank(mfo),
    queryFn: ({ signal }) =>
      apiFetch<{ data: Bank }>(`InvoiceItem/getBank/${mfo}`, { signal, quiet: true })
        .then((r) => r.data)
        .catch((error) => {
          if ((error as { status?: number }).status === 404) return null;
          throw error;
        }),
    enabled: /^\d{5}$/.test(mfo),
    ...FOREVER,
  });
}

/** Banks whose MFO or name has the words typed (for suggestions under an MFO field). */
export function useBankSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: referenceKeys.banks(search),
    queryFn: ({ signal }) =>
      apiFetch<Rows<Bank>>('InvoiceItem/getBankList', { query: { search, size: 10 }, signal, quiet: true }),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function searchClassifier(
  search: string,
  page: number,
  size: number,
  lang: string,
  signal?: AbortSignal,
) {
  return apiFetch<Rows<ClassifierItem>>('Document/getProductsClassifier', {
    query: { search, page, size, lang },
    signal,
    quiet: true,
  });
}

/** The classifier's codes for a search, page after page ("show more"). */
export function useClassifierSearch(search: string, size: number, lang: string) {
  return useInfiniteQuery(
    {
      queryKey: ['reference', 'classifier', search, size, lang] as const,
      queryFn: ({ pageParam, signal }) => searchClassifier(search, pageParam, size, lang, signal),
      initialPageParam: 1,
      getNextPageParam: (last, pages) =>
        pages.length * size < last.totalCount ? pages.length + 1 : undefined,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    },
    useQueryClientOrOwn(),
  );
}

export function usePackages(code: string, lang: string) {
  return useQuery({
    queryKey: referenceKeys.packages(code, lang),
    queryFn: ({ signal }) =>
      apiFetch<Rows<ClassifierPackage>>('Document/getPackagesTasnif', {
        query: { code, lang },
        signal,
        quiet: true,
      })
        .then((r) => r.rows)
        .catch((error) => {
          if ((error as { status?: number }).status === 404) return [];
          throw error;
        }),
    enabled: /^\d{17}$/.test(code),
    ...FOREVER,
  });
}

/** The company's own products whose name, code or barcode has the words typed. */
export function searchOwnProducts(search: string, size: number, signal?: AbortSignal) {
  return apiFetch<Rows<OrgProduct>>('OrgSetting/getOrgProductOption', {
    query: { search, size },
    signal,
    quiet: true,
  });
}

/** Own products offered first in the classifier picker; none when the list cannot be read. */
export function useOwnProducts(search: string, size: number) {
  return useQuery({
    queryKey: ['reference', 'ownProducts', search, size] as const,
    queryFn: ({ signal }) =>
      searchOwnProducts(search, size, signal).catch(() => ({ rows: [], totalCount: 0 })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** DocumentOrganization/getOrgInfoByTin: the party's requisites in national field names. */
export function fetchParty(tin: string, signal?: AbortSignal) {
  return apiFetch<{ data: Record<string, unknown> }>('DocumentOrganization/getOrgInfoByTin', {
    query: { tin },
    quiet: true,
    signal,
  });
}

/**
 * DocumentOrganization/getOrgInfoByTinAndDoc: the party's requisites as an earlier document of the
 * caller's holds them (for its corrected or additional document).
 */
export function fetchPartyAsOf(tin: string, documentId: string, date: string | null, signal?: AbortSignal) {
  return apiFetch<{ data: Record<string, unknown> }>('DocumentOrganization/getOrgInfoByTinAndDoc', {
    query: { tin, documentUid: documentId, ...(date ? { invoiceDate: date } : {}) },
    quiet: true,
    signal,
  });
}

/** A rent contract the tax authority holds between the caller (lessor) and a buyer (getRentedContracts). */
export interface RentContract {
  rentId: string;
  lessorTin: string;
  lesseeTin: string;
  contractNo: string | null;
  contractDate: string | null;
  from: string;
  to: string;
  address: string | null;
  isDemo: boolean;
}

/** Document/getRentedContracts: the rent block's contracts with this buyer (quiet: the widget says what failed). */
export async function fetchRentContracts(buyerTin: string, signal?: AbortSignal): Promise<RentContract[]> {
  const answer = await apiFetch<{ data: RentContract[] }>('Document/getRentedContracts', {
    query: { buyerTin },
    quiet: true,
    signal,
  });
  return answer.data;
}

/** A benefit a product line may take (GET /api/Lgota/ForLine; server services/catalogue/lineBenefits.ts). */
export interface LineBenefit {
  /** The line's LgotaId. */
  id: number;
  /** The catalogue's id (DEMO-101 for a demo benefit), as the catalogue screen shows it. */
  catalogueId: string;
  name: string;
  type: 1 | 2;
  source: 'withoutVat' | 'zeroVat' | 'seller' | 'buyer';
  dateBegin: string | null;
  dateEnd: string | null;
}

export interface LineBenefitQuery {
  catalogCode: string;
  date?: string;
  sellerTin?: string;
  buyerTin?: string;
}

/** The benefits for a line's code, date and parties; asked only when `enabled` (the picker is open). */
export function useLineBenefits(query: LineBenefitQuery | null, lang: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reference', 'lineBenefits', query, lang] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ rows: LineBenefit[] }>('Lgota/ForLine', { query: { ...query }, signal, quiet: true }).then(
        (r) => r.rows,
      ),
    enabled: enabled && query !== null,
    staleTime: 5 * 60_000,
  });
}
