import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';

// GetLgota: the benefits a company holds according to the enterprise lists, with the side of the
// deal they apply to. `active` compares the period with today's date in Tashkent.

export interface CompanyBenefit {
  newLgotaId: string;
  lgotaId: string | null;
  lgotaName: string;
  kind: 'seller' | 'buyer';
  dateBegin: string;
  dateEnd: string | null;
  active: boolean;
}

export async function benefitsOfCompany(
  db: Db,
  tin: string,
  lang: Locale,
  today: string,
): Promise<CompanyBenefit[]> {
  const name = lang === 'uz' ? 'coalesce(b.name_uz, b.name_ru)' : 'b.name_ru';
  const part = (table: string, kind: string) => `
    select t.benefit_id as "newLgotaId", coalesce(t.lgota_id, b.old_id) as "lgotaId", ${name} as "lgotaName",
           '${kind}' as kind, t.date_begin as "dateBegin", t.date_end as "dateEnd",
           (t.date_begin <= $2::date and (t.date_end is null or t.date_end >= $2::date)) as active
    from ${table} t join catalogue_benefits b on b.id = t.benefit_id where t.tin = $1`;
  const r = await db.query<CompanyBenefit>(
    `${part('catalogue_privileged_sellers', 'seller')} union all ${part('catalogue_privileged_buyers', 'buyer')}
     order by "dateBegin" desc, "newLgotaId"`,
    [tin, today],
  );
  return r.rows;
}

export interface NonconformityEntry {
  tin: string;
  name: string;
  catalogCode: string | null;
  catalogName: string | null;
  reason: string | null;
  dateBegin: string | null;
}

export async function nonconformityOfCompany(db: Db, tin: string): Promise<NonconformityEntry[]> {
  const r = await db.query<NonconformityEntry>(
    `select tin, name, catalog_code as "catalogCode", catalog_name as "catalogName", reason, date_begin as "dateBegin"
     from catalogue_nonconformity_companies where tin = $1 order by catalog_code nulls first`,
    [tin],
  );
  return r.rows;
}

/** Today's date in Uzbekistan (UTC+5, no daylight saving), yyyy-MM-dd. */
export function tashkentToday(now = new Date()): string {
  return new Date(now.getTime() + 5 * 3600_000).toISOString().slice(0, 10);
}
