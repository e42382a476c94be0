import {
  type NonConformity,
  type RiskStatus,
  TaxServiceError,
  VAT_STATUSES,
  type VatStatus,
  type VatStatusOn,
} from '../types';
import { bool, int, list, payload, pick, text } from './normalize';

// The answers the 2026 checks read (issue 29), in our shapes, whatever the wrapping ({success,data}
// or bare) and the field names' case.

export function toVatStatusOn(answer: unknown, tin: string, date: string): VatStatusOn {
  const body = payload(answer);
  const code = text(pick(body, 'vatRegCode', 'regCode', 'status.vatRegCode', 'code'));
  const status = int(pick(body, 'vatRegStatus', 'status.code', 'statusCode'));
  const vatPayer = bool(pick(body, 'vatPayer', 'isVatPayer')) ?? (code !== null && status === 20);
  return {
    tin,
    date,
    vatPayer,
    vatRegCode: code,
    vatRegStatus:
      status !== null && (VAT_STATUSES as readonly number[]).includes(status) ? (status as VatStatus) : null,
  };
}

export function toRiskStatus(answer: unknown, tin: string, period: string): RiskStatus {
  const body = payload(answer);
  const raw = String(text(pick(body, 'level', 'riskLevel', 'risk', 'status')) ?? '').toLowerCase();
  const level = ['high', 'red', 'yuqori', 'высокий'].includes(raw)
    ? 'high'
    : ['low', 'green', 'past', 'низкий'].includes(raw)
      ? 'low'
      : null;
  if (!level) throw new TaxServiceError('badAnswer', 'riskStatus: no level');
  const share = text(pick(body, 'highRiskShare', 'share', 'highRiskPercent'));
  return {
    tin,
    period,
    level,
    highRiskShare: share !== null && /^\d+(\.\d+)?$/.test(share) ? share : null,
    reply: text(pick(body, 'reason', 'comment', 'message')),
  };
}

export function toNonConformity(answer: unknown, tin: string): NonConformity {
  if (answer === null) return { tin, listed: false, since: null };
  const rows = list(answer);
  const row = rows.find((r) => text(pick(r, 'tin')) === tin);
  return { tin, listed: row !== undefined, since: row ? text(pick(row, 'dateOper', 'date')) : null };
}
