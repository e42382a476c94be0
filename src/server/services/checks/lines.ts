import { getKind } from '../../../engine';
import { UNKNOWN, type Unknown } from '../../../engine/checks';
import { type BenefitPlace, benefitLines, benefitPlaces } from '../../../engine/checks/benefitLines';
import type { Locale } from '../../../engine/constants';
import { onKindRegistered } from '../../../engine/schemas';
import type { Db } from '../../db/client';
import { translate } from '../../i18n';
import { judgeLineBenefits } from '../catalogue/lineBenefits';

// The lines' facts of the pre-sign checks: `lines.benefitProblems`, the lines whose VAT benefit does
// not fit — by the lines area's one rule (engine/benefits.ts) over the catalogue, read once for all
// lines. Where the lines carry a benefit is the kind's schema's own declaration (serverCheck
// benefitFitsLine), so a new kind with benefits is covered without code.

const places = new Map<string, BenefitPlace[]>();
onKindRegistered((kind) => places.delete(kind));

function placesOf(kind: string): BenefitPlace[] {
  let found = places.get(kind);
  if (!found) {
    found = benefitPlaces(getKind(kind).schema);
    places.set(kind, found);
  }
  return found;
}

/**
 * One text per line whose benefit does not fit ("3: Benefit DEMO-101 does not apply to …"), [] when
 * every benefit fits; UNKNOWN when none was found wrong but some could not be judged here (a national
 * benefit id over a catalogue without the tax authority's list): "not checked", never "passed".
 */
export async function benefitProblems(
  db: Db,
  kind: string,
  content: unknown,
  lang: Locale,
): Promise<string[] | Unknown> {
  const lines = benefitLines(placesOf(kind), content);
  if (lines.length === 0) return [];
  const judged = await judgeLineBenefits(
    db,
    lines.map(({ benefit, values }) => ({ lgotaId: benefit, ...values })),
  );
  const problems: string[] = [];
  let unjudged = false;
  judged.forEach((judgement, i) => {
    if ('unjudged' in judgement) unjudged = true;
    else if (!judgement.fits) {
      const { key, params } = judgement.verdict;
      problems.push(`${lines[i].line}: ${translate(lang, key, params)}`);
    }
  });
  return problems.length === 0 && unjudged ? UNKNOWN : problems;
}
