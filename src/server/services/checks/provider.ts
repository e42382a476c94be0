import { type FactProvider, partyFact, UNKNOWN, type Unknown } from '../../../engine/checks';
import type { Locale } from '../../../engine/constants';
import { tashkentDay } from '../../../engine/keywords/dates';
import { getLifecycle, partiesOf, readOne } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { findDuplicate } from '../documents/duplicates';
import { sameLinesWithinDay } from './history';
import { benefitProblems } from './lines';
import type { Lookups } from './lookups';

// The server's facts for the checks: the tax authority's answers about the document's parties (on the
// document date) and the caller's own documents. Each is read at most once per evaluation.

export interface ProviderInput {
  db: Db;
  lookups: Lookups;
  caller: { user: { organizationId: string }; identity: string; lang: Locale };
  kind: string;
  content: unknown;
  documentId: string | null;
  now?: Date | string;
}

/** Which look-up answers a party fact. */
export function lookupOfFact(fact: string): 'vat' | 'risk' | 'nc' | 'taxpayer' {
  if (fact === 'risk' || fact === 'highRiskShare') return 'risk';
  if (fact === 'nonConformity') return 'nc';
  if (fact === 'taxpayerType') return 'taxpayer';
  return 'vat';
}

/** TINs (9 digits) are the tax authority's taxpayers; a PINFL party has no VAT registration or score. */
const isTin = (identity: string) => /^\d{9}$/.test(identity);

export function serverFacts(input: ProviderInput): FactProvider {
  const { db, lookups, caller, kind, content } = input;
  const written = readOne(content, getLifecycle(kind).document.date);
  const date =
    typeof written === 'string' && /^\d{4}-\d{2}-\d{2}/.test(written)
      ? written.slice(0, 10)
      : tashkentDay(input.now);
  const identityOf = (role: string) => partiesOf(kind, content).find((p) => p.role === role)?.identity ?? '';

  async function party(role: string, fact: string): Promise<unknown | Unknown> {
    const tin = identityOf(role);
    if (!tin || !isTin(tin)) return null;
    const authority = lookups.authority;
    const lookup = lookupOfFact(fact);
    const key = `${lookup}:${role}`;
    if (lookup === 'vat') {
      const status = await lookups.ask(key, () => authority.vatStatusOn(tin, date));
      if (status === UNKNOWN) return UNKNOWN;
      if (fact === 'known') return status !== null;
      if (!status) return null;
      return status[fact as 'vatPayer' | 'vatRegCode' | 'vatRegStatus'];
    }
    if (lookup === 'risk') {
      const risk = await lookups.ask(key, () => authority.riskStatus(tin, date.slice(0, 7)));
      if (risk === UNKNOWN) return UNKNOWN;
      if (!risk) return null;
      return fact === 'risk' ? risk.level : risk.highRiskShare;
    }
    if (lookup === 'nc') {
      const listed = await lookups.ask(key, () => authority.nonConformity(tin));
      return listed === UNKNOWN ? UNKNOWN : listed.listed;
    }
    const taxpayer = await lookups.ask(key, () => authority.taxpayer(tin, caller.lang));
    return taxpayer === UNKNOWN ? UNKNOWN : (taxpayer?.taxpayerType ?? null);
  }

  return {
    async fact(name) {
      const asked = partyFact(name);
      if (asked) return party(asked.role, asked.fact);
      if (name === 'history.duplicateSent') {
        const found = await findDuplicate(db, caller, kind, content, input.documentId);
        return found.duplicate !== null;
      }
      if (name === 'history.sameLinesWithinDay')
        return sameLinesWithinDay(db, caller.user.organizationId, kind, content, input.documentId);
      if (name === 'lines.benefitProblems') return benefitProblems(db, kind, content, caller.lang);
      return UNKNOWN;
    },
    async kindOf(id) {
      const { rows } = await db.query<{ kind: string }>(
        `select d.kind from documents d
          where (d.national_id = $1 or d.id::text = $1)
            and exists (select 1 from document_parties p where p.document_id = d.id and p.identity = $2
                          and p.box is not null and p.bin_state <> 'deleted')
          limit 1`,
        [id, caller.identity],
      );
      return rows[0]?.kind ?? null;
    },
    async datesOf(ids) {
      const { rows } = await db.query<{ date: string }>(
        `select d.doc_date::text as date from documents d
          where (d.national_id = any($1::text[]) or d.id::text = any($1::text[])) and d.doc_date is not null
            and exists (select 1 from document_parties p where p.document_id = d.id and p.identity = $2
                          and p.box is not null and p.bin_state <> 'deleted')`,
        [ids, caller.identity],
      );
      return rows.map((row) => row.date);
    },
  };
}
