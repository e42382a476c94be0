import { useTranslation } from 'react-i18next';
import { useDocumentTransport, useProviderName } from '../api/operators';
import type { ViewSectionProps } from '../documents/extensions';
import { showDateTime } from '../documents/format';
import './operators.css';

/**
 * A document that travelled through the company's exchange operator, beside its view: which way, its
 * transport state (queued, at the operator, delivered, failed with the reason and the next attempt,
 * held), and the operator's and the roaming hub's ids, as operators show both. Nothing for a document
 * that never left this server.
 */
export function TransportSection({ document }: ViewSectionProps) {
  const { t, i18n } = useTranslation('operators');
  const transport = useDocumentTransport(document.id).data;
  const nameOf = useProviderName();
  if (!transport) return null;
  const name = nameOf(transport.provider);
  return (
    <section className="doc-section card" aria-labelledby="transport-title" data-testid="transport-section">
      <h2 id="transport-title">{t('transport.title')}</h2>
      <p>
        {t(`transport.direction.${transport.direction}`, { name })}{' '}
        <span className="transport-state" data-state={transport.state}>
          {t(`transport.state.${transport.state}`)}
        </span>
      </p>
      {transport.state === 'failed' && (
        <p className="transport-failure" role="status">
          {transport.failureMessage ?? transport.failureCode ?? ''}
          {transport.nextAttemptAt && (
            <>
              <br />
              {t('transport.nextAttempt', {
                when: showDateTime(transport.nextAttemptAt, i18n.language),
                attempts: transport.attempts,
              })}
            </>
          )}
        </p>
      )}
      <dl className="transport-ids">
        <dt>{t('transport.operatorId', { name })}</dt>
        <dd>
          <code>{transport.operatorId ?? '—'}</code>
        </dd>
        <dt>{t('transport.roamingId')}</dt>
        <dd>
          <code>{transport.roamingId ?? '—'}</code>
        </dd>
      </dl>
    </section>
  );
}
