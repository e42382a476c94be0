import { useTranslation } from 'react-i18next';
import { EimzoError } from '../../signing';
import { Button } from '../../ui/Button';

const INSTALL_URL = 'https://e-imzo.soliq.uz/';

/**
 * Why the certificate list is unavailable, and what to do: start or install E-IMZO, update it, or
 * retry. Shown instead of the list, never an empty list in silence.
 */
export function EimzoStatus({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('auth');
  const kind = error instanceof EimzoError ? error.kind : 'initFailed';
  const detail =
    error instanceof EimzoError && error.kind !== 'notRunning' && error.message !== error.kind
      ? error.message
      : '';
  return (
    <div className="eimzo-status" role="alert">
      <h2 className="eimzo-status-title">
        {t(`eimzo.${kind}.title`, { defaultValue: t('eimzo.initFailed.title') })}
      </h2>
      <p>{t(`eimzo.${kind}.text`, { defaultValue: t('eimzo.initFailed.text'), version: detail })}</p>
      {(kind === 'notRunning' || kind === 'versionTooOld' || kind === 'versionUndefined') && (
        <ol className="eimzo-steps">
          <li>
            {t('eimzo.install.download')}{' '}
            <a href={INSTALL_URL} target="_blank" rel="noreferrer">
              e-imzo.soliq.uz
            </a>
          </li>
          <li>{t('eimzo.install.run')}</li>
          <li>{t('eimzo.install.retry')}</li>
        </ol>
      )}
      {detail && kind !== 'versionTooOld' && <p className="eimzo-detail">{detail}</p>}
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        {t('eimzo.retry')}
      </Button>
    </div>
  );
}
