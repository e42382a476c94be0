// Signing failures the screens tell apart (spec §8). `code` carries the spec's numbers where it has them.

export type EimzoErrorKind =
  /** No plug-in answered on the local WebSocket: E-IMZO is not running or not installed. */
  | 'notRunning'
  | 'versionUndefined'
  | 'versionTooOld'
  | 'apiKeyInvalid'
  | 'initFailed'
  /** The password (PIN) dialog was cancelled: code 4001, an info notice. */
  | 'cancelled'
  /** The key password was wrong: code 4003, an error. */
  | 'wrongPassword'
  /** Any other refusal of the plug-in; `message` is its own reason. */
  | 'plugin'
  | 'noChallenge'
  /** The server could not timestamp the signature: code 500. */
  | 'timestampFailed';

const CODES: Partial<Record<EimzoErrorKind, number>> = {
  cancelled: 4001,
  wrongPassword: 4003,
  timestampFailed: 500,
};

export class EimzoError extends Error {
  override name = 'EimzoError';
  readonly code: number | undefined;
  constructor(
    readonly kind: EimzoErrorKind,
    message = '',
    /** The plug-in's own status, when it gave one. */
    readonly status?: number,
  ) {
    super(message || kind);
    this.code = CODES[kind];
  }
}

/** Plug-in statuses and reasons meaning the user closed the password dialog (reference/eimzo.md §2.3). */
const CANCEL_STATUSES = new Set([-5000, -5001, -5002]);
const WRONG_PASSWORD =
  /BadPaddingException|парол\S* (ключа )?неверн|неверный парол|wrong password|parol noto/i;
const API_KEY_STATUSES = new Set([-1020, -1021, -1022]);

/** Classifies a failed plug-in reply. */
export function errorFromReply(reply: { status?: unknown; reason?: unknown }): EimzoError {
  const status =
    typeof reply.status === 'number' ? reply.status : Number.parseInt(String(reply.status ?? ''), 10);
  const reason = typeof reply.reason === 'string' ? reply.reason : '';
  if (WRONG_PASSWORD.test(reason)) return new EimzoError('wrongPassword', reason, status);
  if (CANCEL_STATUSES.has(status)) return new EimzoError('cancelled', reason, status);
  if (API_KEY_STATUSES.has(status)) return new EimzoError('apiKeyInvalid', reason, status);
  return new EimzoError('plugin', reason, Number.isNaN(status) ? undefined : status);
}

/**
 * Spec §8: signing errors whose message names the signing provider are not shown. Only the plug-in's
 * own free-text reasons qualify; our classified errors (not running, version, API key) are always shown.
 */
export function isSilentSigningError(error: unknown): boolean {
  return error instanceof EimzoError && error.kind === 'plugin' && /e-?imzo/i.test(error.message);
}
