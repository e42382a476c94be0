import type { NonConformity, RiskStatus } from '../types';

// DEMO answers for the 2026 checks (issue 29): risk scores, high-risk shares, the non-conformity list
// and VAT registration dates of the demo taxpayers of registry.ts. Every answer is labelled demo; no
// figure here is a real taxpayer's. A taxpayer not listed is scored low with no high-risk invoices.

interface DemoRisk {
  level: 'low' | 'high';
  /** Percent of the period's invoices scored high risk. */
  highRiskShare: string;
  reply: string | null;
}

export const DEMO_RISK: Record<string, DemoRisk> = {
  // Demo organisation 3: scored high, its share of high-risk invoices close to the cap.
  '302000003': {
    level: 'high',
    highRiskShare: '8.40',
    reply: 'Yuqori xavf: xaridorlar bilan nomuvofiqliklar (demo)',
  },
  // The demo agro exporter with a suspended-looking VAT status: scored high, over the cap.
  '305000003': {
    level: 'high',
    highRiskShare: '12.50',
    reply: 'Yuqori xavf: QQS to‘lovchi maqomi faol emas (demo)',
  },
};

/** Companies with detected discrepancies in goods (demo). */
export const DEMO_NON_CONFORMITY: Record<string, string> = {
  '305000002': '2026-02-03',
};

/** VAT registration start dates (demo): before it the taxpayer was not a VAT payer. */
export const DEMO_VAT_FROM: Record<string, string> = {
  '305000001': '2026-03-01',
};

export function demoRisk(tin: string, period: string, known: boolean): RiskStatus | null {
  if (!known) return null;
  const risk = DEMO_RISK[tin] ?? { level: 'low', highRiskShare: '0.00', reply: null };
  return { tin, period, ...risk, isDemo: true };
}

export function demoNonConformity(tin: string): NonConformity {
  const since = DEMO_NON_CONFORMITY[tin] ?? null;
  return { tin, listed: since !== null, since, isDemo: true };
}
