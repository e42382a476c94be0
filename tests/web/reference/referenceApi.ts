// msw handlers answering the reference API (Regions, InvoiceItem lists, the classifier calls,
// OrgSetting) from the bundled data/ files, as the server answers them, for widget tests.
import { HttpResponse, http } from 'msw';
import countries from '../../../data/countries.json';
import districts from '../../../data/districts.json';
import measures from '../../../data/measures.json';
import sample from '../../../data/mxik_sample.json';
import regions from '../../../data/regions.json';
import taxDistricts from '../../../data/tax_district_codes_tashkent_city.json';

type Lang = 'ru' | 'uz' | 'en';
const langOf = (request: Request): Lang => {
  const lang = new URL(request.url).searchParams.get('lang');
  return lang === 'uz' || lang === 'en' ? lang : 'ru';
};
const rows = <T>(list: T[]) => HttpResponse.json({ rows: list, totalCount: list.length });

interface Names {
  name_ru?: string;
  name_uz_latn?: string;
}
const nameIn = (n: Names, lang: Lang) =>
  (lang === 'uz' ? (n.name_uz_latn ?? n.name_ru) : (n.name_ru ?? n.name_uz_latn)) ?? '';

export interface ReferenceApiOptions {
  /** The company's own products (OrgSetting). */
  ownProducts?: Array<Record<string, unknown>>;
  /** Classifier rows beyond the public sample. */
  extraCodes?: Array<Record<string, unknown>>;
  banks?: Array<Record<string, unknown>>;
}

export function classifierRows(lang: Lang) {
  return (
    sample.items as Array<Names & { mxik_code: string; packages?: Array<Names & { code: number }> }>
  ).map((i) => ({
    code: i.mxik_code,
    name: nameIn(i, lang),
    label: false,
    isDemo: false,
    packages: (i.packages ?? []).map((p) => ({
      code: String(p.code),
      name: nameIn(p, lang),
      packageType: null,
    })),
  }));
}

export function referenceApi(options: ReferenceApiOptions = {}) {
  const taxCode = new Map(taxDistricts.map((d) => [d.soato, d.tax_district_code]));
  return [
    http.get('/api/Regions/list', ({ request }) =>
      rows(regions.map((r) => ({ id: r.tax_region_id, soato: r.soato, name: nameIn(r, langOf(request)) }))),
    ),
    http.get('/api/InvoiceItem/getDistrictList', ({ request }) =>
      rows(
        districts.map((d) => {
          const code = taxCode.get(d.soato) ?? null;
          return {
            soato: d.soato,
            regionId: d.tax_region_id,
            taxDistrictCode: code,
            districtId: code === null ? null : `${d.tax_region_id}${String(code).padStart(2, '0')}`,
            name: nameIn(d, langOf(request)),
          };
        }),
      ),
    ),
    http.get('/api/InvoiceItem/getCountryList', ({ request }) =>
      rows(
        countries.map((c) => ({
          code: c.alpha2,
          alpha3: c.alpha3,
          numeric: c.numeric,
          name: nameIn(c, langOf(request)),
        })),
      ),
    ),
    http.get('/api/InvoiceItem/getMeasureList', ({ request }) => {
      const lang = langOf(request);
      return rows(
        measures.map((m) => ({
          code: m.code,
          name: lang === 'uz' ? m.name_uz_latn : lang === 'en' ? m.name_en : m.name_ru,
          shortName: lang === 'uz' ? m.short_uz_latn : lang === 'en' ? m.short_en : m.short_ru,
        })),
      );
    }),
    http.get('/api/InvoiceItem/getBank/:mfo', ({ params }) => {
      const bank = (options.banks ?? []).find((b) => b.mfo === params.mfo);
      return bank
        ? HttpResponse.json({ success: true, data: bank })
        : HttpResponse.json({ success: false, code: 'BANK_NOT_FOUND', message: 'Нет' }, { status: 404 });
    }),
    http.get('/api/InvoiceItem/getBankList', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      return rows((options.banks ?? []).filter((b) => String(b.mfo).includes(search)));
    }),
    http.get('/api/Document/getProductsClassifier', ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 50);
      const all = [...classifierRows(langOf(request)), ...(options.extraCodes ?? [])] as Array<{
        code: string;
        name: string;
      }>;
      const hits = all.filter(
        (r) => !search || r.code.startsWith(search) || r.name.toLowerCase().includes(search),
      );
      return HttpResponse.json({ rows: hits.slice((page - 1) * size, page * size), totalCount: hits.length });
    }),
    http.get('/api/Document/getPackagesTasnif', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code');
      const item = classifierRows(langOf(request)).find((r) => r.code === code);
      return item
        ? rows(item.packages)
        : HttpResponse.json(
            { success: false, code: 'CLASSIFIER_CODE_NOT_FOUND', message: 'Нет' },
            { status: 404 },
          );
    }),
    http.get('/api/OrgSetting/getOrgProductOption', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      return rows(
        (options.ownProducts ?? []).filter(
          (p) =>
            !search ||
            String(p.name).toLowerCase().includes(search) ||
            String(p.catalogCode).startsWith(search),
        ),
      );
    }),
  ];
}
