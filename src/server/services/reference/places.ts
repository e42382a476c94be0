import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { type LocalNames, localName } from './names';

// Regions and districts of Uzbekistan (data/regions.json, data/districts.json): the tax authority's
// region id and, where a public source gives it, its district code beside the SOATO codes.

export interface Region extends LocalNames {
  /** The tax authority's region id (regionId / ns10Code). */
  id: number;
  soato: number;
  iso: string | null;
  type: string;
  name: string;
}

export interface District extends LocalNames {
  /** The SOATO code (7 digits). */
  id: number;
  soato: number;
  regionId: number;
  /** The tax authority's district code within the region (ns11Code); null where not public. */
  taxDistrictCode: number | null;
  /** Region and district code as the invoice's DistrictId carries them ("2606"); null when unknown. */
  districtId: string | null;
  type: string;
  name: string;
}

const REGION_SQL = `select id, soato, iso_3166_2 as iso, type, name_ru as "nameRu", name_uz_latn as "nameUzLatn",
  name_uz_cyrl as "nameUzCyrl", name_en as "nameEn" from ref_regions`;
const DISTRICT_SQL = `select soato as id, soato, region_id as "regionId", tax_district_code as "taxDistrictCode", type,
  name_ru as "nameRu", name_uz_latn as "nameUzLatn", name_uz_cyrl as "nameUzCyrl", name_en as "nameEn"
  from ref_districts`;

const withName = <T extends LocalNames>(row: T, lang: Locale) => ({ ...row, name: localName(row, lang) });

export function districtIdOf(regionId: number, taxDistrictCode: number | null): string | null {
  if (taxDistrictCode === null) return null;
  return `${String(regionId).padStart(2, '0')}${String(taxDistrictCode).padStart(2, '0')}`;
}

function district(row: Omit<District, 'name' | 'districtId'>, lang: Locale): District {
  return { ...withName(row, lang), districtId: districtIdOf(row.regionId, row.taxDistrictCode) };
}

export async function listRegions(db: Db, lang: Locale): Promise<Region[]> {
  const r = await db.query<Omit<Region, 'name'>>(`${REGION_SQL} order by soato`);
  return r.rows.map((row) => withName(row, lang));
}

export async function getRegion(db: Db, id: number, lang: Locale): Promise<Region | null> {
  const r = await db.query<Omit<Region, 'name'>>(`${REGION_SQL} where id = $1`, [id]);
  return r.rows[0] ? withName(r.rows[0], lang) : null;
}

export async function listDistricts(db: Db, lang: Locale, regionId?: number): Promise<District[]> {
  const r = await db.query<Omit<District, 'name' | 'districtId'>>(
    `${DISTRICT_SQL} ${regionId === undefined ? '' : 'where region_id = $1'} order by soato`,
    regionId === undefined ? [] : [regionId],
  );
  return r.rows.map((row) => district(row, lang));
}

export async function getDistrict(db: Db, soato: number, lang: Locale): Promise<District | null> {
  const r = await db.query<Omit<District, 'name' | 'districtId'>>(`${DISTRICT_SQL} where soato = $1`, [
    soato,
  ]);
  return r.rows[0] ? district(r.rows[0], lang) : null;
}

/** The district a tax registry record names by region id and district code (ns10Code, ns11Code). */
export async function districtByTaxCode(
  db: Db,
  regionId: number,
  taxDistrictCode: number,
  lang: Locale,
): Promise<District | null> {
  const r = await db.query<Omit<District, 'name' | 'districtId'>>(
    `${DISTRICT_SQL} where region_id = $1 and tax_district_code = $2`,
    [regionId, taxDistrictCode],
  );
  return r.rows[0] ? district(r.rows[0], lang) : null;
}
