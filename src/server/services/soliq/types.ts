import type { Locale } from '../../../engine/constants';

// The tax authority's and the invoice service's answers, in one shape whichever implementation
// gives them: the real services over HTTP (httpAuthority.ts) or the demo registry (demoAuthority.ts).

/** Taxpayer type codes (uz-edi.md §b.1): 10 VAT payer, 20–22 VAT+, 30 turnover tax, 50 sole proprietor, 60 individual. */
export const TAXPAYER_TYPES = [10, 20, 21, 22, 30, 50, 60] as const;
export type TaxpayerType = (typeof TAXPAYER_TYPES)[number];

/** VAT registration status: 20 active, 21 inactive, 22 suspended. */
export const VAT_STATUSES = [20, 21, 22] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

/** A legal entity (or a sole proprietor) as the tax registry knows it. */
export interface Taxpayer {
  tin: string;
  name: string;
  shortName?: string | null;
  taxpayerType?: TaxpayerType | null;
  vatPayer?: boolean | null;
  vatRegCode?: string | null;
  vatRegStatus?: VatStatus | null;
  account?: string | null;
  mfo?: string | null;
  oked?: string | null;
  address?: string | null;
  /** The tax authority's region id (ns10Code) and district code within it (ns11Code). */
  regionId?: number | null;
  districtCode?: number | null;
  director?: string | null;
  directorPinfl?: string | null;
  accountant?: string | null;
  /** True for the labelled demo registry. */
  isDemo?: boolean;
}

/** A natural person by PINFL or personal TIN: only the name leaves the registry. */
export interface Individual {
  pinfl?: string | null;
  tin?: string | null;
  fullName: string;
  lastName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  isDemo?: boolean;
}

/** A benefit (lgota) a company holds. */
export interface CompanyLgota {
  newLgotaId: string;
  lgotaId: string | null;
  lgotaName: string;
  kind: 'seller' | 'buyer';
  dateBegin: string;
  dateEnd: string | null;
  active: boolean;
}

/** A benefit of the tax authority's list. */
export interface Lgota {
  id: string;
  oldId: string | null;
  name: string;
  /** 'withoutVat' | 'zeroVat' | null when the list does not say. */
  kind: 'withoutVat' | 'zeroVat' | null;
}

export interface Turnover {
  tin: string;
  year: number;
  /** Exact decimal in sum, as text. */
  amount: string;
  isDemo?: boolean;
}

export interface CompanyProduct {
  catalogCode: string;
  catalogName: string;
  packageCode: string | null;
  packageName: string | null;
}

/** A state-procurement or exchange deal by its lot number (uz-edi.md §d.10). */
export interface LotInfo {
  lotId: string;
  sellerTin: string;
  buyerTin: string;
  docType: string | null;
  contractNo: string | null;
  contractDate: string | null;
  products: Array<{
    planPositionId: string;
    productCode: string;
    catalogCode: string | null;
    name: string;
    count: string | null;
    price: string | null;
  }>;
  isDemo?: boolean;
}

/**
 * The document-exchange operator a company chose on the tax portal (spec §3 company details). `operator`
 * is a key of services/operators/catalogue.ts MARKET_OPERATORS when the portal's name is one Hujjat
 * knows, else the portal's own name lower-cased.
 */
export interface ExchangeOperator {
  tin: string;
  operator: string;
  name: string;
  isDemo?: boolean;
}

/** A party's VAT registration on a given day (the tax authority's payerRegCode). */
export interface VatStatusOn {
  tin: string;
  date: string;
  vatPayer: boolean;
  vatRegCode: string | null;
  vatRegStatus: VatStatus | null;
  isDemo?: boolean;
}

/**
 * The tax authority's risk score of a VAT payer (2026 procedure under decree UP-153): its level as the
 * buyer sees it, and the share of its invoices of the period scored high risk (percent, exact decimal
 * as text; the cap is 10 %). `reply` is the authority's own wording, shown under its label.
 */
export interface RiskStatus {
  tin: string;
  period: string;
  level: 'low' | 'high';
  highRiskShare: string | null;
  reply: string | null;
  isDemo?: boolean;
}

/** The list of companies with detected discrepancies in goods (Didox: non-conformity-goods-companies). */
export interface NonConformity {
  tin: string;
  listed: boolean;
  since: string | null;
  isDemo?: boolean;
}

/** A rent contract registered with the tax authority (the invoice's rent block: FacturaRentDoc). */
export interface RentContract {
  /** What the invoice's RentId takes. */
  rentId: string;
  lessorTin: string;
  lesseeTin: string;
  contractNo: string | null;
  contractDate: string | null;
  /** The rent period, yyyy-MM-dd: the invoice's RentFrom / RentTo. */
  from: string;
  to: string;
  /** The rented object's address. */
  address: string | null;
  isDemo?: boolean;
}

export interface Page {
  page: number;
  size: number;
}

export interface Rows<T> {
  rows: T[];
  totalCount: number;
}

/** A row of the classifier lists the tax authority keeps (tasnif without VAT, not considered, refinanced). */
export interface TasnifRow {
  catalogCode: string;
  catalogName: string;
  newLgotaId?: string;
  lgotaName?: string;
}

export interface CompanyRow {
  tin: string;
  name: string;
  newLgotaId: string;
  lgotaName: string;
  dateBegin: string | null;
  dateEnd: string | null;
}

/**
 * Both services behind one interface. Every method answers null for "the registry does not know
 * this" (→ 404) and throws {@link TaxServiceError} when the service cannot answer (→ 503).
 */
export interface TaxAuthority {
  readonly kind: 'demo' | 'http' | 'unconfigured';
  taxpayer(tin: string, lang: Locale): Promise<Taxpayer | null>;
  individual(tinOrPinfl: string, lang: Locale): Promise<Individual | null>;
  companyLgotas(tin: string, lang: Locale): Promise<CompanyLgota[] | null>;
  lgotaList(
    filter: { search?: string; kind?: 'withoutVat' | 'zeroVat' },
    page: Page,
    lang: Locale,
  ): Promise<Rows<Lgota>>;
  turnover(tin: string, year: number): Promise<Turnover | null>;
  productsOfCompany(tin: string, lang: Locale): Promise<CompanyProduct[] | null>;
  tasnif(
    list: 'withoutVat' | 'notConsidered' | 'refinanced' | 'zeroVat',
    filter: { mxikCode?: string; search?: string; lgotaId?: string; lgotaName?: string },
    page: Page,
    lang: Locale,
  ): Promise<Rows<TasnifRow>>;
  companies(
    kind: 'withoutVat' | 'zeroVat',
    filter: { tin?: string },
    page: Page,
    lang: Locale,
  ): Promise<Rows<CompanyRow>>;
  lot(query: { sellerTin: string; buyerTin: string; lot: string; docType?: string }): Promise<LotInfo | null>;
  /** A 24-hex document id (FacturaId) from the invoice service. */
  guid(): Promise<string>;
  /** The exchange operator the tax portal lists for the company; null: none chosen, or not a taxpayer. */
  exchangeOperator(tin: string): Promise<ExchangeOperator | null>;
  /** VAT registration of a taxpayer on a day (yyyy-MM-dd); null when the registry does not know it. */
  vatStatusOn(tin: string, date: string): Promise<VatStatusOn | null>;
  /** Risk score of a taxpayer for a period (yyyy-MM); null when the registry has no score. */
  riskStatus(tin: string, period: string): Promise<RiskStatus | null>;
  /** Whether the company is on the non-conformity list. */
  nonConformity(tin: string): Promise<NonConformity>;
  /** Rent contracts between a lessor (the seller) and a lessee (the buyer) registered with the tax authority. */
  rentContracts(query: { sellerTin: string; buyerTin: string }): Promise<RentContract[]>;
  /**
   * Legal entities whose name contains every word of `text` (the counterparty register search,
   * services/organizations/register.ts), at most `limit`. Absent where the service looks taxpayers
   * up by number only (the public tax-authority API): the search then asks it by TIN/PINFL alone.
   */
  searchTaxpayers?(text: string, limit: number, lang: Locale): Promise<Taxpayer[]>;
}

export class TaxServiceError extends Error {
  override name = 'TaxServiceError';
  constructor(
    readonly reason: 'unconfigured' | 'timeout' | 'unavailable' | 'badAnswer',
    message: string,
    /** The service's own words when it answered with a refusal (shown under "the tax authority's response"). */
    readonly reply: string | null = null,
  ) {
    super(message);
  }
}
