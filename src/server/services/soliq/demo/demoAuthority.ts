import type { Locale } from '../../../../engine/constants';
import type { Db } from '../../../db/client';
import { benefitsOfCompany, tashkentToday } from '../../catalogue/companyBenefits';
import { CatalogueReader } from '../../catalogue/listQuery';
import type { ListKey } from '../../catalogue/lists';
import { normalizeSearch } from '../../catalogue/searchText';
import { objectId } from '../objectId';
import type { CompanyRow, Lgota, Page, Rows, TasnifRow, TaxAuthority, VatStatusOn } from '../types';
import {
  DEMO_COMPANY_PRODUCTS,
  DEMO_EXCHANGE_OPERATORS,
  DEMO_INDIVIDUAL_REGISTRY,
  DEMO_LOTS,
  DEMO_RENT_CONTRACTS,
  DEMO_TAXPAYERS,
  demoTurnover,
} from './registry';
import { DEMO_VAT_FROM, demoNonConformity, demoRisk } from './riskRegistry';

// The demo registry behind the same interface as the real services (demo mode and tests): the
// labelled demo taxpayers of registry.ts, and for the benefit lists the catalogue this instance
// holds (its labelled demo set until an operator imports the real lists).

const TASNIF_LISTS: Record<'withoutVat' | 'notConsidered' | 'refinanced' | 'zeroVat', ListKey> = {
  withoutVat: 'withoutVat',
  zeroVat: 'zeroVat',
  notConsidered: 'notIncluded',
  refinanced: 'compensation',
};

export class DemoTaxAuthority implements TaxAuthority {
  readonly kind = 'demo' as const;
  private readonly catalogue: CatalogueReader;

  constructor(
    private readonly db: Db,
    private readonly today: () => string = () => tashkentToday(),
  ) {
    this.catalogue = new CatalogueReader(db);
  }

  async taxpayer(tin: string) {
    return DEMO_TAXPAYERS.find((t) => t.tin === tin) ?? null;
  }

  async searchTaxpayers(text: string, limit: number) {
    const words = normalizeSearch(text).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    return DEMO_TAXPAYERS.filter((t) => {
      const name = normalizeSearch(t.name);
      return words.every((w) => name.includes(w));
    }).slice(0, limit);
  }

  async individual(tinOrPinfl: string) {
    return DEMO_INDIVIDUAL_REGISTRY.find((p) => p.pinfl === tinOrPinfl || p.tin === tinOrPinfl) ?? null;
  }

  async companyLgotas(tin: string, lang: Locale) {
    const rows = await benefitsOfCompany(this.db, tin, lang, this.today());
    if (rows.length === 0 && !(await this.taxpayer(tin))) return null;
    return rows;
  }

  async lgotaList(
    filter: { search?: string; kind?: 'withoutVat' | 'zeroVat' },
    page: Page,
    lang: Locale,
  ): Promise<Rows<Lgota>> {
    const name = lang === 'uz' ? 'coalesce(b.name_uz, b.name_ru)' : 'b.name_ru';
    const kind = `case when exists (select 1 from catalogue_without_vat w where w.benefit_id = b.id) then 'withoutVat'
                       when exists (select 1 from catalogue_zero_vat z where z.benefit_id = b.id) then 'zeroVat' end`;
    const where: string[] = [];
    const params: unknown[] = [];
    const search = normalizeSearch(filter.search ?? '');
    if (search) {
      params.push(`%${search}%`);
      where.push(`b.search like $${params.length}`);
    }
    if (filter.kind) {
      params.push(filter.kind);
      where.push(`(${kind}) = $${params.length}`);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const counted = await this.db.query<{ n: number }>(
      `select count(*)::int as n from catalogue_benefits b ${whereSql}`,
      params,
    );
    const r = await this.db.query<Lgota>(
      `select b.id, b.old_id as "oldId", ${name} as name, ${kind} as kind from catalogue_benefits b ${whereSql}
       order by b.id limit ${page.size} offset ${(page.page - 1) * page.size}`,
      params,
    );
    return { rows: r.rows, totalCount: counted.rows[0].n };
  }

  async turnover(tin: string, year: number) {
    if (!(await this.taxpayer(tin))) return null;
    return { tin, year, amount: demoTurnover(tin, year), isDemo: true };
  }

  async productsOfCompany(tin: string) {
    if (!(await this.taxpayer(tin))) return null;
    return DEMO_COMPANY_PRODUCTS[tin] ?? [];
  }

  async tasnif(
    list: 'withoutVat' | 'notConsidered' | 'refinanced' | 'zeroVat',
    filter: { mxikCode?: string; search?: string; lgotaId?: string; lgotaName?: string },
    page: Page,
    lang: Locale,
  ): Promise<Rows<TasnifRow>> {
    const key = TASNIF_LISTS[list];
    const goods = key === 'withoutVat' || key === 'zeroVat';
    // A benefit is found by its code as well as by its wording (catalogue_benefits.search).
    const lgota = filter.lgotaId ?? filter.lgotaName;
    return this.catalogue.list<TasnifRow>(
      key,
      goods
        ? { tasnifCode: filter.mxikCode, tasnifName: filter.search, lgotaName: lgota }
        : { searchText: filter.mxikCode ?? filter.search },
      page,
      lang,
    );
  }

  /**
   * Companies selling with a benefit (catalogue tab 3): zero-rate when their benefit is one of the
   * zero-VAT goods list's, exempt (without VAT) otherwise.
   */
  async companies(
    kind: 'withoutVat' | 'zeroVat',
    filter: { tin?: string },
    page: Page,
    lang: Locale,
  ): Promise<Rows<CompanyRow>> {
    const name = lang === 'uz' ? 'coalesce(b.name_uz, b.name_ru)' : 'b.name_ru';
    const params: unknown[] = [];
    let tinSql = '';
    if (filter.tin) {
      params.push(`${filter.tin}%`);
      tinSql = 'and s.tin like $1';
    }
    const zero = 'exists (select 1 from catalogue_zero_vat z where z.benefit_id = s.benefit_id)';
    const from = `from catalogue_privileged_sellers s join catalogue_benefits b on b.id = s.benefit_id
      where ${kind === 'zeroVat' ? zero : `not ${zero}`} ${tinSql}`;
    const counted = await this.db.query<{ n: number }>(`select count(*)::int as n ${from}`, params);
    const r = await this.db.query<CompanyRow>(
      `select s.tin, s.name, s.benefit_id as "newLgotaId", ${name} as "lgotaName", s.date_begin as "dateBegin",
              s.date_end as "dateEnd" ${from} order by s.tin, s.benefit_id limit ${page.size} offset ${(page.page - 1) * page.size}`,
      params,
    );
    return { rows: r.rows, totalCount: counted.rows[0].n };
  }

  async lot(query: { sellerTin: string; buyerTin: string; lot: string }) {
    return (
      DEMO_LOTS.find(
        (l) => l.lotId === query.lot && l.sellerTin === query.sellerTin && l.buyerTin === query.buyerTin,
      ) ?? null
    );
  }

  async guid() {
    return objectId();
  }

  async exchangeOperator(tin: string) {
    const chosen = DEMO_EXCHANGE_OPERATORS[tin];
    return chosen ? { tin, ...chosen, isDemo: true } : null;
  }

  async vatStatusOn(tin: string, date: string): Promise<VatStatusOn | null> {
    const taxpayer = await this.taxpayer(tin);
    if (!taxpayer) return null;
    const registered = Boolean(taxpayer.vatPayer) && !(DEMO_VAT_FROM[tin] && date < DEMO_VAT_FROM[tin]);
    return {
      tin,
      date,
      vatPayer: registered,
      vatRegCode: registered ? (taxpayer.vatRegCode ?? null) : null,
      vatRegStatus: registered ? (taxpayer.vatRegStatus ?? null) : null,
      isDemo: true,
    };
  }

  async riskStatus(tin: string, period: string) {
    return demoRisk(tin, period, Boolean(await this.taxpayer(tin)));
  }

  async nonConformity(tin: string) {
    return demoNonConformity(tin);
  }

  async rentContracts(query: { sellerTin: string; buyerTin: string }) {
    return DEMO_RENT_CONTRACTS.filter(
      (c) => c.lessorTin === query.sellerTin && c.lesseeTin === query.buyerTin,
    );
  }
}
