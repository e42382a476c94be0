import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';

// Units of measurement (data/measures.json, ОКЕИ codes): what act lines carry as MeasureId.

export interface Measure {
  /** ОКЕИ code, 3 digits ("796" piece). */
  code: string;
  name: string;
  shortName: string;
  nameRu: string;
  nameUzLatn: string;
  nameUzCyrl: string;
  nameEn: string;
}

interface StoredMeasure {
  code: string;
  name_ru: string;
  short_ru: string;
  name_uz_latn: string;
  short_uz_latn: string;
  name_uz_cyrl: string;
  short_uz_cyrl: string;
  name_en: string;
  short_en: string;
}

function shape(m: StoredMeasure, lang: Locale): Measure {
  const [name, shortName] =
    lang === 'uz'
      ? [m.name_uz_latn, m.short_uz_latn]
      : lang === 'en'
        ? [m.name_en, m.short_en]
        : [m.name_ru, m.short_ru];
  return {
    code: m.code,
    name,
    shortName,
    nameRu: m.name_ru,
    nameUzLatn: m.name_uz_latn,
    nameUzCyrl: m.name_uz_cyrl,
    nameEn: m.name_en,
  };
}

export async function listMeasures(db: Db, lang: Locale): Promise<Measure[]> {
  const r = await db.query<StoredMeasure>('select * from ref_measures order by code');
  return r.rows.map((m) => shape(m, lang));
}

export async function getMeasure(db: Db, code: string, lang: Locale): Promise<Measure | null> {
  const r = await db.query<StoredMeasure>('select * from ref_measures where code = $1', [code]);
  return r.rows[0] ? shape(r.rows[0], lang) : null;
}
