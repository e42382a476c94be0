import countries from '../../../data/countries.json';
import districts from '../../../data/districts.json';
import measures from '../../../data/measures.json';
import regions from '../../../data/regions.json';
import taxDistricts from '../../../data/tax_district_codes_tashkent_city.json';
import type { Locale } from '../constants';

// Names of reference codes, for what people read (printed forms, the document view): a line's
// MeasureId "796" shows as "Штука", a waybill point's districtCode 2603 as "Юнусабадский район".
// The bundled lists (data/*.json) are the ones the reference tables are seeded from; units,
// countries, regions and districts are national or international standards that do not change
// between deployments.

/** The reference lists a field may name its codes from (print.json `names`, the view's widgets). */
export const REFERENCE_LISTS = [
  'measures',
  'countries',
  'regions',
  'regionsBySoato',
  'districts',
  'districtIds',
] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

type Named = Record<Locale, string>;

interface Place {
  soato: number;
  tax_region_id: number;
  name_ru: string;
  name_uz_latn: string;
  name_en?: string;
}

const place = (p: Place): Named => ({ ru: p.name_ru, uz: p.name_uz_latn, en: p.name_en ?? p.name_uz_latn });
const districtBySoato = new Map((districts as Place[]).map((d) => [d.soato, d]));

const byCode: Record<ReferenceList, Map<string, Named>> = {
  measures: new Map(measures.map((m) => [m.code, { ru: m.name_ru, uz: m.name_uz_latn, en: m.name_en }])),
  // A country by any of its ISO 3166-1 codes: alpha-2 "KZ", alpha-3 "KAZ", numeric "398".
  countries: new Map(
    countries.flatMap((c) => {
      const name = { ru: c.name_ru, uz: c.name_uz_latn, en: c.name_en };
      return [c.alpha2, c.alpha3, c.numeric].map((code) => [code, name] as [string, Named]);
    }),
  ),
  regions: new Map((regions as Place[]).map((r) => [String(r.tax_region_id), place(r)])),
  regionsBySoato: new Map((regions as Place[]).map((r) => [String(r.soato), place(r)])),
  districts: new Map((districts as Place[]).map((d) => [String(d.soato), place(d)])),
  // The tax authority's district id: region id and district code, "2603" (invoice party DistrictId,
  // waybill point districtCode). Only the codes that are published are known (Tashkent city).
  districtIds: new Map(
    taxDistricts.flatMap((d) => {
      const district = districtBySoato.get(d.soato);
      const id = `${String(d.tax_region_id).padStart(2, '0')}${String(d.tax_district_code).padStart(2, '0')}`;
      return district ? [[id, place(district)] as [string, Named]] : [];
    }),
  ),
};

/** The name of `code` in `list`, in the language; the code itself when the list does not know it. */
export function referenceName(list: ReferenceList, code: string, lang: Locale): string {
  return byCode[list].get(code)?.[lang] ?? code;
}

/** The name of `code` in `list`, or null when the list does not know it. */
export function knownName(list: ReferenceList, code: string, lang: Locale): string | null {
  return byCode[list].get(code)?.[lang] ?? null;
}
