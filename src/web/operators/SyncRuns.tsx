import { useTranslation } from 'react-i18next';
import { useLastRuns } from '../api/operators';
import { showDateTime } from '../documents/format';
import { Loading } from '../ui';
import './operators.css';

/** The company's last synchronisation runs with its operator (Synchronize/GetLastProcess), newest first. */
export function SyncRuns() {
  const { t, i18n } = useTranslation('operators');
  const runs = useLastRuns();
  return (
    <section className="card settings-section" aria-labelledby="sync-runs-title" data-testid="sync-runs">
      <h2 id="sync-runs-title">{t('runs.title')}</h2>
      {runs.isPending ? (
        <Loading />
      ) : runs.isError ? (
        <p role="alert">{runs.error.message}</p>
      ) : runs.data.length === 0 ? (
        <p className="muted">{t('runs.none')}</p>
      ) : (
        <table className="sync-runs">
          <thead>
            <tr>
              <th scope="col">{t('runs.when')}</th>
              <th scope="col">{t('runs.what')}</th>
              <th scope="col">{t('runs.in')}</th>
              <th scope="col">{t('runs.out')}</th>
              <th scope="col">{t('runs.failed')}</th>
              <th scope="col">{t('runs.error')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.map((run) => (
              <tr key={run.id}>
                <td data-label={t('runs.when')}>
                  <span>
                    {showDateTime(run.startedAt, i18n.language, true)}
                    {!run.finishedAt && <span className="muted"> · {t('runs.running')}</span>}
                  </span>
                </td>
                <td data-label={t('runs.what')}>
                  {t(`runs.direction.${run.direction}`, { name: run.providerName })}
                </td>
                <td className="num" data-label={t('runs.in')}>
                  {run.pulled}
                </td>
                <td className="num" data-label={t('runs.out')}>
                  {run.pushed}
                </td>
                <td className="num" data-label={t('runs.failed')}>
                  {run.failed}
                </td>
                <td data-label={t('runs.error')}>{run.errorMessage ?? run.errorCode ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
