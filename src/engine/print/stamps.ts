import type { Locale } from '../constants';
import { formatIsoDate } from '../format';
import type { Translate } from '../localize';

/**
 * A signature event as the document view gives it (docs/documents-api.md §3, `signatures`): the
 * source of the printed stamps.
 */
export interface SignatureEvent {
  id?: string;
  action: string;
  role: string;
  signerName?: string | null;
  organization?: string | null;
  tin?: string | null;
  pinfl?: string | null;
  serialHex?: string | null;
  serialDec?: string | null;
  signedAt?: string | null;
  timestampAt?: string | null;
}

/** A stamp: "ОТПРАВЛЕН / ПОДТВЕРЖДЁН …", who, with which certificate, when. */
export interface PrintStamp {
  action: string;
  role: string;
  word: string;
  organization: string;
  signer: string;
  identity: string;
  serial: string;
  signedAt: string;
  timestampAt: string;
  /** Each line as printed ("Сертификат № …"), the same in HTML and PDF. */
  lines: string[];
}

/** Uzbekistan keeps UTC+5 all year (no daylight saving time). */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** An instant as the local time in Tashkent: the day in the locale's format and HH:mm:ss. */
export function tashkentTime(instant: string | null | undefined, lang: Locale): string {
  if (!instant) return '';
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return instant;
  const local = new Date(ms + TASHKENT_OFFSET_MS).toISOString();
  return `${formatIsoDate(local.slice(0, 10), lang)} ${local.slice(11, 19)}`;
}

export function buildStamp(signature: SignatureEvent, t: Translate, lang: Locale): PrintStamp {
  const word = t(`print:stamp.${signature.action}`, { defaultValue: t('print:stamp.signed') });
  const identity = [signature.tin, signature.pinfl].filter(Boolean).join(' / ');
  const serial = signature.serialDec || signature.serialHex || '';
  const signedAt = tashkentTime(signature.signedAt, lang);
  const timestampAt = tashkentTime(signature.timestampAt, lang);
  const lines = [
    signature.organization ?? '',
    signature.signerName ?? '',
    identity ? t('print:stampIdentity', { identity }) : '',
    serial
      ? t('print:stampSerial', {
          serial,
          hex: signature.serialHex && signature.serialHex !== serial ? ` (0x${signature.serialHex})` : '',
        })
      : '',
    signedAt ? t('print:stampSignedAt', { at: signedAt }) : '',
    timestampAt ? t('print:stampTimestamp', { at: timestampAt }) : '',
  ].filter(Boolean);
  return {
    action: signature.action,
    role: signature.role,
    word,
    organization: signature.organization ?? '',
    signer: signature.signerName ?? '',
    identity,
    serial,
    signedAt,
    timestampAt,
    lines,
  };
}

/** Stamps in signing order (oldest first), the order in which the parties acted. */
export function buildStamps(signatures: SignatureEvent[], t: Translate, lang: Locale): PrintStamp[] {
  return [...signatures]
    .sort((a, b) => Date.parse(a.signedAt ?? '') - Date.parse(b.signedAt ?? '') || 0)
    .map((signature) => buildStamp(signature, t, lang));
}
