import type { Locale } from '../../../../engine/constants';
import type { TaxAuthorityConfig } from '../config';
import { objectId } from '../objectId';
import { type TaxAuthority, TaxServiceError } from '../types';
import { type HttpOptions, TaxHttpClient } from './client';
import {
  toCompanies,
  toCompanyLgotas,
  toExchangeOperator,
  toGuid,
  toIndividual,
  toLgotas,
  toLot,
  toProducts,
  toRentContracts,
  toTasnif,
  toTaxpayer,
} from './normalize';
import { toNonConformity, toRiskStatus, toVatStatusOn } from './normalizeChecks';

// The real services. The tax authority's API (SOLIQ_API_URL) and the invoice service
// (FACTURA_API_URL) are called with the operation names of spec §7 (the same names /api/Soliq and
// /api/Factura answer to), so one hujjat instance can also stand in for another.

const TASNIF_OPERATIONS = {
  withoutVat: 'tasnifGetWithoutVat',
  notConsidered: 'tasnifGetNotConsidered',
  refinanced: 'tasnifGetRefinanced',
  zeroVat: 'getZeroVatServices',
} as const;

export class HttpTaxAuthority implements TaxAuthority {
  readonly kind = 'http' as const;
  readonly soliq: TaxHttpClient;
  readonly factura: TaxHttpClient | null;

  constructor(
    config: TaxAuthorityConfig,
    fetchImpl?: HttpOptions['fetchImpl'],
    backoffMs?: HttpOptions['backoffMs'],
  ) {
    if (!config.soliq) throw new TaxServiceError('unconfigured', 'SOLIQ_API_URL is not set');
    const options: HttpOptions = {
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      cacheTtlMs: config.cacheTtlMs,
      fetchImpl,
      backoffMs,
    };
    this.soliq = new TaxHttpClient(config.soliq, options);
    this.factura = config.factura ? new TaxHttpClient(config.factura, options) : null;
  }

  private invoiceService(): TaxHttpClient {
    if (!this.factura) throw new TaxServiceError('unconfigured', 'FACTURA_API_URL is not set');
    return this.factura;
  }

  async taxpayer(tin: string, lang: Locale) {
    const answer = await this.soliq.get('getOrgInfo', { tin, lang });
    return answer === null ? null : toTaxpayer(answer);
  }

  async individual(tinOrPinfl: string, lang: Locale) {
    const answer = await this.soliq.get('individualInfo', { tin: tinOrPinfl, lang });
    return answer === null ? null : toIndividual(answer);
  }

  async companyLgotas(tin: string, lang: Locale) {
    const answer = await this.soliq.get('getLgotaListByTin', { tin, lang });
    return answer === null ? null : toCompanyLgotas(answer);
  }

  async lgotaList(
    filter: { search?: string; kind?: 'withoutVat' | 'zeroVat' },
    page: { page: number; size: number },
    lang: Locale,
  ) {
    const answer = await this.soliq.get('getLgotaList', { ...filter, ...page, lang });
    return answer === null ? { rows: [], totalCount: 0 } : toLgotas(answer);
  }

  async turnover(tin: string, year: number) {
    const answer = await this.soliq.get('getTurnoverByTin', { tin, year });
    if (answer === null) return null;
    const body = (answer as { data?: unknown }).data ?? answer;
    const amount = String(
      (body as { amount?: unknown; turnover?: unknown }).amount ??
        (body as { turnover?: unknown }).turnover ??
        '',
    );
    if (!/^-?\d+(\.\d{1,2})?$/.test(amount)) throw new TaxServiceError('badAnswer', 'turnover: no amount');
    return { tin, year, amount };
  }

  async productsOfCompany(tin: string, lang: Locale) {
    const answer = await this.soliq.get('getProductListByCompany', { tin, lang });
    return answer === null ? null : toProducts(answer);
  }

  async tasnif(
    list: keyof typeof TASNIF_OPERATIONS,
    filter: { mxikCode?: string; search?: string; lgotaId?: string; lgotaName?: string },
    page: { page: number; size: number },
    lang: Locale,
  ) {
    const client = list === 'zeroVat' ? this.invoiceService() : this.soliq;
    const params =
      list === 'zeroVat'
        ? {
            lgotaId: filter.lgotaId,
            lgotaName: filter.lgotaName,
            pageNumber: page.page,
            pageLimit: page.size,
            lang,
          }
        : { mxikCode: filter.mxikCode, searchText: filter.search, page: page.page, size: page.size, lang };
    const answer = await client.get(TASNIF_OPERATIONS[list], params);
    return answer === null ? { rows: [], totalCount: 0 } : toTasnif(answer);
  }

  async companies(
    kind: 'withoutVat' | 'zeroVat',
    filter: { tin?: string },
    page: { page: number; size: number },
    lang: Locale,
  ) {
    const operation = kind === 'withoutVat' ? 'getWithoutVatCompanies' : 'getZeroVatCompanies';
    const answer = await this.invoiceService().get(operation, {
      ...filter,
      pageNumber: page.page,
      pageLimit: page.size,
      lang,
    });
    return answer === null ? { rows: [], totalCount: 0 } : toCompanies(answer);
  }

  async lot(query: { sellerTin: string; buyerTin: string; lot: string; docType?: string }) {
    const answer = await this.invoiceService().get('GetInfo', query);
    return answer === null ? null : toLot(answer);
  }

  /** The tax authority's payerRegCode on a day: the VAT registration code and status then. */
  async vatStatusOn(tin: string, date: string) {
    const answer = await this.soliq.get('payerRegCode', { tin, date });
    return answer === null ? null : toVatStatusOn(answer, tin, date);
  }

  /** The 2026 risk score (operation name as the tax authority's cabinet calls it; see docs/checks.md). */
  async riskStatus(tin: string, period: string) {
    const answer = await this.soliq.get('getRiskStatus', { tin, period });
    return answer === null ? null : toRiskStatus(answer, tin, period);
  }

  /** The non-conformity list (Didox utilities: /non-conformity-goods-companies, rows {tin, name, dateOper}). */
  async nonConformity(tin: string) {
    const answer = await this.soliq.get('nonconformitygoodscompanies', { tin });
    return toNonConformity(answer, tin);
  }

  async rentContracts(query: { sellerTin: string; buyerTin: string }) {
    const answer = await this.invoiceService().get('getRentedContracts', query);
    return answer === null ? [] : toRentContracts(answer);
  }

  /** From the invoice service when configured; otherwise made here (the same 24-hex ObjectId form). */
  async guid() {
    if (!this.factura) return objectId();
    const answer = await this.factura.get('guid', {}, { cache: false });
    if (answer === null) throw new TaxServiceError('badAnswer', 'guid: 404');
    return toGuid(answer);
  }

  /**
   * The tax portal's record of the company's operator. The portal documents no public operation for
   * it: SOLIQ_API_URL is asked `getExchangeOperator?tin=` (ours), which a proxy in front of the portal,
   * or another Hujjat, answers.
   */
  async exchangeOperator(tin: string) {
    const answer = await this.soliq.get('getExchangeOperator', { tin });
    return answer === null ? null : toExchangeOperator(tin, answer);
  }
}
