/**
 * The one rule that a VAT benefit (ESF LgotaId) fits its product line (issue 27.2), shared by the
 * browser's picker, the server's check of every saved, imported or API document (serverCheck
 * `benefitFitsLine`, services/engineChecks.ts) and 29-checks' "benefits per line". The catalogue's
 * facts come from the caller (the server reads them, services/catalogue/lineBenefits.ts); the verdict
 * is decided here only.
 *
 * A benefit fits when the catalogue lists the line's classifier code under it (goods and services
 * without VAT or at zero VAT), or when the seller or the buyer holds it (privileged enterprises) for a
 * period that covers the document date.
 */
export interface BenefitPeriod {
  side: 'seller' | 'buyer';
  dateBegin: string;
  dateEnd: string | null;
}

export interface BenefitFacts {
  /** The catalogue has the benefit. */
  known: boolean;
  /** The line's classifier code is listed under the benefit. */
  codeFits: boolean;
  /** The seller's and the buyer's holdings of the benefit. */
  periods: readonly BenefitPeriod[];
}

export interface BenefitVerdict {
  key: string;
  params?: Record<string, unknown>;
}

/** yyyy-MM-dd strings compare as dates. */
export function periodCovers(period: Pick<BenefitPeriod, 'dateBegin' | 'dateEnd'>, date: string): boolean {
  return period.dateBegin <= date && (period.dateEnd === null || period.dateEnd >= date);
}

/** null when the benefit fits the line on the date, else the validation key and its parameters. */
export function benefitVerdict(
  facts: BenefitFacts,
  line: { benefitId: string; code?: string; date?: string },
): BenefitVerdict | null {
  if (!facts.known) return { key: 'validation:benefit.unknown', params: { benefit: line.benefitId } };
  if (facts.codeFits) return null;
  if (facts.periods.length > 0) {
    if (line.date && facts.periods.some((period) => periodCovers(period, line.date as string))) return null;
    const period = facts.periods[0];
    return {
      key: 'validation:benefit.notOnDate',
      params: {
        benefit: line.benefitId,
        date: line.date ?? '',
        from: period.dateBegin,
        to: period.dateEnd ?? '…',
      },
    };
  }
  return { key: 'validation:benefit.notForCode', params: { benefit: line.benefitId, code: line.code ?? '' } };
}

/**
 * A demo catalogue's benefits have text ids (DEMO-101) so that they never pass for the tax authority's;
 * the document's LgotaId is the national integer, so a demo benefit takes one of a range the tax
 * authority's numbering does not reach: 990000000000 + n.
 */
export const DEMO_BENEFIT_BASE = 990_000_000_000;

/** The document's LgotaId of a catalogue benefit id (the tax authority's ids are integers). */
export function benefitIdValue(id: string): number | null {
  const demo = /^DEMO-([0-9]{1,9})$/.exec(id);
  if (demo) return DEMO_BENEFIT_BASE + Number(demo[1]);
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : null;
}

/** The catalogue's id of a document's LgotaId (the inverse of benefitIdValue). */
export function catalogueBenefitId(value: unknown): string {
  const text = String(value);
  if (/^[0-9]+$/.test(text) && Number(text) > DEMO_BENEFIT_BASE)
    return `DEMO-${Number(text) - DEMO_BENEFIT_BASE}`;
  return text;
}
