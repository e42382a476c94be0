import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { type LocalNames, localName } from './names';

// Countries (ISO 3166-1) and currencies (ISO 4217) with CLDR names (data/countries.json,
// data/currencies.json).

export interface Country extends LocalNames {
  code: string;
  alpha3: string;
  numeric: string;
  name: string;
}

export interface Currency extends LocalNames {
  code: string;
  numeric: string;
  minorDigits: number | null;
  name: string;
}

const COUNTRY_SQL = `select alpha2 as code, alpha3, numeric, name_ru as "nameRu", name_uz_latn as "nameUzLatn",
  name_uz_cyrl as "nameUzCyrl", name_en as "nameEn" from ref_countries`;
const CURRENCY_SQL = `select code, numeric, minor_digits as "minorDigits", name_ru as "nameRu",
  name_uz_latn as "nameUzLatn", name_uz_cyrl as "nameUzCyrl", name_en as "nameEn" from ref_currencies`;

const withName = <T extends LocalNames>(row: T, lang: Locale) => ({ ...row, name: localName(row, lang) });

/** Countries sorted by their name in the language (Uzbekistan is not special-cased: the forms put it first). */
export async function listCountries(db: Db, lang: Locale): Promise<Country[]> {
  const r = await db.query<Omit<Country, 'name'>>(`${COUNTRY_SQL} order by alpha2`);
  return r.rows.map((row) => withName(row, lang)).sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** By alpha-2, alpha-3 or the 3-digit numeric code. */
export async function getCountry(db: Db, id: string, lang: Locale): Promise<Country | null> {
  const key = id.toUpperCase();
  const r = await db.query<Omit<Country, 'name'>>(
    `${COUNTRY_SQL} where alpha2 = $1 or alpha3 = $1 or numeric = $1`,
    [key],
  );
  return r.rows[0] ? withName(r.rows[0], lang) : null;
}

export async function listCurrencies(db: Db, lang: Locale): Promise<Currency[]> {
  const r = await db.query<Omit<Currency, 'name'>>(`${CURRENCY_SQL} order by code`);
  return r.rows.map((row) => withName(row, lang));
}

/** By alpha code (UZS) or the 3-digit numeric code (860). */
export async function getCurrency(db: Db, id: string, lang: Locale): Promise<Currency | null> {
  const r = await db.query<Omit<Currency, 'name'>>(`${CURRENCY_SQL} where code = $1 or numeric = $1`, [
    id.toUpperCase(),
  ]);
  return r.rows[0] ? withName(r.rows[0], lang) : null;
}
