import districts from '../../../../data/districts.json';
import regions from '../../../../data/regions.json';
import type { Lang } from '../format';

interface Named {
  soato: number;
  tax_region_id: number;
  name_ru: string;
  name_uz_latn: string;
  name_en?: string;
}
interface District extends Named {
  region_soato: number;
}

function nameIn(item: Named, lang: Lang): string {
  return lang === 'uz'
    ? item.name_uz_latn
    : lang === 'en'
      ? (item.name_en ?? item.name_uz_latn)
      : item.name_ru;
}

/** Which id a region/district field stores: the tax authority's region id or the SOATO code. */
export type RegionKey = 'tax_region_id' | 'soato';

export function regionOptions(lang: Lang, key: RegionKey = 'tax_region_id') {
  return (regions as Named[]).map((r) => ({ value: r[key], label: nameIn(r, lang) }));
}

/** Districts of a region (given by the same key the region field stores). */
export function districtOptions(
  lang: Lang,
  region: unknown,
  regionKey: RegionKey = 'tax_region_id',
  key: RegionKey = 'soato',
) {
  const parent = (regions as Named[]).find((r) => r[regionKey] === Number(region));
  if (!parent) return [];
  return (districts as District[])
    .filter((d) => d.region_soato === parent.soato)
    .map((d) => ({ value: d[key], label: nameIn(d, lang) }));
}
