import {
  type BenefitFacts,
  type BenefitVerdict,
  benefitIdValue,
  benefitVerdict,
  catalogueBenefitId,
  periodCovers,
} from '../../../engine/benefits';
import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';

// The catalogue's side of the benefit-fits-the-line rule (engine/benefits.ts): the facts the verdict
// is decided on, and the benefits a line may take (the picker's list) — read from the same tables, so
// whatever the picker offers the check accepts.

export interface LineParties {
  code?: string;
  date?: string;
  seller?: string;
  buyer?: string;
}

const tin9 = (value: string | undefined) => (value && /^\d{9}$/.test(value) ? value : null);
const code17 = (value: string | undefined) => (value && /^\d{17}$/.test(value) ? value : null);

/** A line to judge: its LgotaId (a demo benefit's number is turned back into its DEMO- id) and parties. */
export interface JudgedLine extends LineParties {
  lgotaId: unknown;
}

/** The rule's answer on a line: fits, the verdict (key, params), or cannot be judged here. */
export type LineJudgement = { fits: true } | { fits: false; verdict: BenefitVerdict } | { unjudged: true };

type FactRow = {
  what: 'known' | 'national' | 'code' | 'seller' | 'buyer';
  benefit: string | null;
  code: string | null;
  tin: string | null;
  begin: string | null;
  end: string | null;
};

/** The catalogue's facts of every line's benefit in one statement (known, listed for the code, held). */
async function catalogueFacts(db: Db, lines: ReadonlyArray<{ benefitId: string; parties: LineParties }>) {
  const benefits = [...new Set(lines.map((l) => l.benefitId))];
  const pairs = new Map<string, [string, string]>();
  for (const { benefitId, parties } of lines) {
    const code = code17(parties.code);
    if (code) pairs.set(`${benefitId} ${code}`, [benefitId, code]);
  }
  const tins = (side: 'seller' | 'buyer') => [
    ...new Set(lines.map((l) => tin9(l.parties[side])).filter((t): t is string => t !== null)),
  ];
  const { rows } = await db.query<FactRow>(
    `select 'known' as what, id as benefit, null::text as code, null::text as tin, null::text as "begin", null::text as "end"
       from catalogue_benefits where id = any($1::text[])
     union all
     select 'national', null, null, null, null, null
      where exists (select 1 from catalogue_benefits where not is_demo)
     union all
     select 'code', w.benefit_id, w.catalog_code, null, null, null
       from catalogue_without_vat w join unnest($2::text[], $3::text[]) as k(b, c)
         on w.benefit_id = k.b and w.catalog_code = k.c
     union all
     select 'code', z.benefit_id, z.catalog_code, null, null, null
       from catalogue_zero_vat z join unnest($2::text[], $3::text[]) as k(b, c)
         on z.benefit_id = k.b and z.catalog_code = k.c
     union all
     select 'seller', benefit_id, null, tin, to_char(date_begin, 'YYYY-MM-DD'), to_char(date_end, 'YYYY-MM-DD')
       from catalogue_privileged_sellers where benefit_id = any($1::text[]) and tin = any($4::text[])
     union all
     select 'buyer', benefit_id, null, tin, to_char(date_begin, 'YYYY-MM-DD'), to_char(date_end, 'YYYY-MM-DD')
       from catalogue_privileged_buyers where benefit_id = any($1::text[]) and tin = any($5::text[])`,
    [
      benefits,
      [...pairs.values()].map((p) => p[0]),
      [...pairs.values()].map((p) => p[1]),
      tins('seller'),
      tins('buyer'),
    ],
  );
  return rows;
}

/** What the catalogue says of one benefit for a line: known, listed for the code, held by a party. */
function factsOf(rows: readonly FactRow[], benefitId: string, line: LineParties): BenefitFacts {
  const code = code17(line.code);
  const holder = { seller: tin9(line.seller), buyer: tin9(line.buyer) };
  return {
    known: rows.some((r) => r.what === 'known' && r.benefit === benefitId),
    codeFits:
      code !== null && rows.some((r) => r.what === 'code' && r.benefit === benefitId && r.code === code),
    periods: rows
      .filter(
        (r) =>
          (r.what === 'seller' || r.what === 'buyer') &&
          r.benefit === benefitId &&
          r.tin !== null &&
          r.tin === holder[r.what],
      )
      .map((r) => ({ side: r.what as 'seller' | 'buyer', dateBegin: r.begin as string, dateEnd: r.end })),
  };
}

/**
 * The rule (engine/benefits.ts) on each line, with the catalogue read once for all of them: the
 * server's check of a saved document (checkLineBenefit) and the pre-sign check's fact
 * (services/checks, `lines.benefitProblems`).
 */
export async function judgeLineBenefits(db: Db, lines: readonly JudgedLine[]): Promise<LineJudgement[]> {
  if (lines.length === 0) return [];
  const judged = lines.map((line) => ({ benefitId: catalogueBenefitId(line.lgotaId), parties: line }));
  const rows = await catalogueFacts(db, judged);
  const national = rows.some((r) => r.what === 'national');
  return judged.map(({ benefitId, parties }) => {
    const facts = factsOf(rows, benefitId, parties);
    // A national benefit id the catalogue does not hold is judged only when the catalogue holds the
    // tax authority's list: over a demo-only or empty catalogue it cannot be judged, and refusing
    // would stop every real benefit line on a server that has not imported the list yet.
    if (!facts.known && !benefitId.startsWith('DEMO-') && !national) return { unjudged: true };
    const verdict = benefitVerdict(facts, { benefitId, code: parties.code, date: parties.date });
    return verdict ? { fits: false, verdict } : { fits: true };
  });
}

/**
 * The rule on one line: null when the benefit fits (or cannot be judged here), else the validation
 * key (the schema's serverCheck benefitFitsLine, services/engineChecks.ts).
 */
export async function checkLineBenefit(db: Db, lgotaId: unknown, line: LineParties) {
  const [judgement] = await judgeLineBenefits(db, [{ ...line, lgotaId }]);
  return 'verdict' in judgement ? judgement.verdict : null;
}

export interface LineBenefit {
  /** The value the line's LgotaId takes. */
  id: number;
  /** The catalogue's id (DEMO-101 for a demo benefit). */
  catalogueId: string;
  name: string;
  /** LgotaType: 1 VAT (every catalogue benefit is a VAT benefit). */
  type: 1;
  /** Where it comes from: the code's lists (without VAT, zero VAT) or the seller's or buyer's holding. */
  source: 'withoutVat' | 'zeroVat' | 'seller' | 'buyer';
  dateBegin: string | null;
  dateEnd: string | null;
}

/**
 * The benefits a line may take on the document date: those the catalogue lists for its classifier
 * code, and those the seller or the buyer holds on that date (a privileged enterprise's first).
 */
export async function benefitsForLine(db: Db, line: LineParties, lang: Locale): Promise<LineBenefit[]> {
  const name = lang === 'uz' ? 'coalesce(b.name_uz, b.name_ru)' : 'b.name_ru';
  const { rows } = await db.query<{
    id: string;
    name: string;
    source: LineBenefit['source'];
    begin: string | null;
    end: string | null;
  }>(
    `select t.benefit_id as id, ${name} as name, t.source, t."begin", t."end" from (
       select benefit_id, 'seller' as source, to_char(date_begin, 'YYYY-MM-DD') as "begin",
              to_char(date_end, 'YYYY-MM-DD') as "end", 0 as ord
         from catalogue_privileged_sellers where tin = $2
       union all
       select benefit_id, 'buyer', to_char(date_begin, 'YYYY-MM-DD'), to_char(date_end, 'YYYY-MM-DD'), 1
         from catalogue_privileged_buyers where tin = $3
       union all
       select benefit_id, 'withoutVat', null, null, 2 from catalogue_without_vat where catalog_code = $1
       union all
       select benefit_id, 'zeroVat', null, null, 3 from catalogue_zero_vat where catalog_code = $1
     ) t join catalogue_benefits b on b.id = t.benefit_id
     order by t.ord, t.benefit_id limit 200`,
    [code17(line.code), tin9(line.seller), tin9(line.buyer)],
  );
  const date = line.date;
  return (
    rows
      .filter(
        (r) =>
          r.begin === null ||
          (date !== undefined && periodCovers({ dateBegin: r.begin, dateEnd: r.end }, date)),
      )
      // An id that is neither the tax authority's integer nor a demo one cannot go into a document.
      .filter((r) => benefitIdValue(r.id) !== null)
      .map((r) => ({
        id: benefitIdValue(r.id) as number,
        catalogueId: r.id,
        name: r.name,
        type: 1 as const,
        source: r.source,
        dateBegin: r.begin,
        dateEnd: r.end,
      }))
  );
}
