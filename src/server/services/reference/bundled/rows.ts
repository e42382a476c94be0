import countries from '../../../../../data/countries.json';
import currencies from '../../../../../data/currencies.json';
import districts from '../../../../../data/districts.json';
import measures from '../../../../../data/measures.json';
import sample from '../../../../../data/mxik_sample.json';
import regions from '../../../../../data/regions.json';
import taxDistricts from '../../../../../data/tax_district_codes_tashkent_city.json';
import type { MxikGroup, MxikItem, MxikNames } from '../classifier/types';

// The public lists of data/ (each with its NAME.source.md) as table rows. 0041_reference_data.sql
// is generated from these (scripts/build-reference-migration.ts) and a test keeps the two equal.

export interface RegionRow {
  id: number;
  soato: number;
  iso_3166_2: string | null;
  type: string;
  name_uz_latn: string;
  name_uz_cyrl: string;
  name_ru: string;
  name_en: string | null;
}

export interface DistrictRow {
  soato: number;
  region_id: number;
  tax_district_code: number | null;
  type: string;
  name_uz_latn: string;
  name_uz_cyrl: string;
  name_ru: string;
  name_en: string | null;
}

export function regionRows(): RegionRow[] {
  return regions.map((r) => ({
    id: r.tax_region_id,
    soato: r.soato,
    iso_3166_2: r.iso_3166_2 ?? null,
    type: r.type,
    name_uz_latn: r.name_uz_latn,
    name_uz_cyrl: r.name_uz_cyrl,
    name_ru: r.name_ru,
    name_en: r.name_en ?? null,
  }));
}

/** Districts by SOATO, with the tax district code where a public source gives it (Tashkent city). */
export function districtRows(): DistrictRow[] {
  const taxCode = new Map(taxDistricts.map((d) => [d.soato, d.tax_district_code]));
  return districts.map((d) => ({
    soato: d.soato,
    region_id: d.tax_region_id,
    tax_district_code: taxCode.get(d.soato) ?? null,
    type: d.type,
    name_uz_latn: d.name_uz_latn,
    name_uz_cyrl: d.name_uz_cyrl,
    name_ru: d.name_ru,
    name_en: null,
  }));
}

export function countryRows() {
  return countries.map((c) => ({
    alpha2: c.alpha2,
    alpha3: c.alpha3,
    numeric: c.numeric,
    name_en: c.name_en,
    name_ru: c.name_ru,
    name_uz_latn: c.name_uz_latn ?? null,
    name_uz_cyrl: c.name_uz_cyrl ?? null,
  }));
}

export function currencyRows() {
  return currencies.map((c) => ({
    code: c.code,
    numeric: c.numeric,
    minor_digits: typeof c.minor_digits === 'number' ? c.minor_digits : null,
    name_en: c.name_en,
    name_ru: c.name_ru ?? null,
    name_uz_latn: c.name_uz_latn ?? null,
    name_uz_cyrl: c.name_uz_cyrl ?? null,
  }));
}

export function measureRows() {
  return measures.map((m) => ({ ...m }));
}

interface SampleNames {
  name_ru?: string;
  name_uz_latn?: string;
  name_uz_cyrl?: string;
}

const names = (n: SampleNames): MxikNames => ({
  nameRu: n.name_ru ?? null,
  nameUzLatn: n.name_uz_latn ?? null,
  nameUzCyrl: n.name_uz_cyrl ?? null,
});

interface SampleItem extends SampleNames {
  mxik_code: string;
  international_code?: string;
  label?: number;
  use_package?: number;
  packages?: Array<SampleNames & { code: number; package_type?: string }>;
  hierarchy?: Record<string, SampleNames & { code: string }>;
}

/**
 * The six public sample codes (data/mxik_sample.json) with their packages and hierarchy names. A base
 * code (…000000) given without a name of its own carries its sub-position's name, as tasnif shows it.
 */
export function mxikSample(): { items: MxikItem[]; groups: MxikGroup[] } {
  const items: MxikItem[] = [];
  const groups = new Map<string, MxikGroup>();
  for (const item of sample.items as SampleItem[]) {
    const own = item.name_ru || item.name_uz_latn || item.name_uz_cyrl;
    const subposition = item.hierarchy?.subposition;
    const inherited = !own && item.mxik_code.endsWith('000000') && subposition ? subposition : item;
    items.push({
      code: item.mxik_code,
      ...names(inherited),
      internationalCode: item.international_code ?? null,
      label: item.label === 1,
      usePackage: item.use_package === undefined ? true : item.use_package === 1,
      packages: (item.packages ?? []).map((p) => ({
        code: String(p.code),
        packageType: p.package_type ?? null,
        ...names(p),
      })),
    });
    for (const level of Object.values(item.hierarchy ?? {})) {
      groups.set(level.code, { code: level.code, ...names(level) });
    }
  }
  return { items, groups: [...groups.values()] };
}
