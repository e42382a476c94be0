import type { TFunction } from 'i18next';
import { ApiRequestError } from '../api/client';
import { toast } from '../ui/toast/store';
import { EimzoError, isSilentSigningError } from './errors';

/**
 * Shows a failed certificate action as spec §8 says: cancelled password → info (4001), wrong password
 * → error (4003), other plug-in refusals with the plug-in's reason, timestamp and challenge failures,
 * and server refusals with the server's message (or the generic server error). Messages naming the
 * signing provider are dropped.
 */
export function reportSigningError(t: TFunction, error: unknown, options: { withStatus?: boolean } = {}) {
  if (isSilentSigningError(error)) return;
  if (error instanceof EimzoError) {
    switch (error.kind) {
      case 'cancelled':
        toast.info(t('auth:signing.cancelled'));
        return;
      case 'wrongPassword':
        toast.error(t('auth:signing.wrongPassword'));
        return;
      case 'plugin':
        toast.error(error.message || t('auth:signing.unknown'));
        return;
      default:
        toast.error(t(`auth:signing.${error.kind}`, { defaultValue: t('auth:signing.unknown') }));
        return;
    }
  }
  if (error instanceof ApiRequestError) {
    const message = error.message || t('auth:signing.serverError');
    toast.error(options.withStatus && error.status ? `${error.status}: ${message}` : message);
    return;
  }
  toast.error(t('auth:signing.serverError'));
}
