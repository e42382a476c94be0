import type { CheckSource } from './types';

// The facts a rule may name, and where each comes from. A rule's `reads` must cover the sources of
// the facts it uses (the build checks it), so what a rule reads is visible in its file.

/** Facts of the document alone (evaluated in the browser too). */
export const DOCUMENT_FACTS = [
  'today',
  'document.kind',
  'document.date',
  'document.type',
  'document.number',
  'document.total',
] as const;

/** What the tax authority says of a party (`sender.vatPayer`, `receiver.risk`, …), on the document date. */
export const PARTY_FACTS = [
  'known',
  'vatPayer',
  'vatRegCode',
  'vatRegStatus',
  'taxpayerType',
  'risk',
  'highRiskShare',
  'nonConformity',
] as const;
export type PartyFact = (typeof PARTY_FACTS)[number];

/** The caller's own documents. */
export const HISTORY_FACTS = ['history.duplicateSent', 'history.sameLinesWithinDay'] as const;

/**
 * The lines judged by the lines area's rules (server): `lines.benefitProblems` — the lines whose VAT
 * benefit does not fit their classifier code, party or date (engine/benefits.ts), one text each.
 */
export const LINE_FACTS = ['lines.benefitProblems'] as const;

/** The source of a fact name, or null for a name nobody provides. */
export function sourceOfFact(name: string): CheckSource | null {
  if ((DOCUMENT_FACTS as readonly string[]).includes(name)) return 'document';
  if ((HISTORY_FACTS as readonly string[]).includes(name)) return 'history';
  if ((LINE_FACTS as readonly string[]).includes(name)) return 'lines';
  const dot = name.indexOf('.');
  if (dot > 0 && (PARTY_FACTS as readonly string[]).includes(name.slice(dot + 1))) return 'taxAuthority';
  return null;
}

/** `receiver.vatPayer` → { role: 'receiver', fact: 'vatPayer' }. */
export function partyFact(name: string): { role: string; fact: PartyFact } | null {
  const dot = name.indexOf('.');
  if (dot <= 0) return null;
  const fact = name.slice(dot + 1);
  return (PARTY_FACTS as readonly string[]).includes(fact)
    ? { role: name.slice(0, dot), fact: fact as PartyFact }
    : null;
}
