import { useTranslation } from 'react-i18next';
import {
  useDeliveries,
  useResendDelivery,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../api/integrations';
import { showDateTime } from '../../../documents/format';
import { Button, Loading, toast } from '../../../ui';
import { toastError } from '../shared/errors';

/** An endpoint's delivery log: each delivery's request, every attempt (time, answer code, error), resend. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('integrations');
  const deliveries = useDeliveries(endpoint.id);
  return (
    <section className="delivery-log" aria-label={t('screens.webhooks.logTitle', { url: endpoint.url })}>
      <h4>{t('screens.webhooks.log')}</h4>
      <p className="muted">{t('screens.webhooks.logNote')}</p>
      {deliveries.isPending ? (
        <Loading />
      ) : deliveries.isError ? (
        <p role="alert">{deliveries.error.message}</p>
      ) : deliveries.data.length === 0 ? (
        <p className="muted">{t('screens.webhooks.logEmpty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              {t('screens.webhooks.logTitle', { url: endpoint.url })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('screens.webhooks.time')}</th>
                <th scope="col">{t('screens.webhooks.event')}</th>
                <th scope="col">{t('screens.webhooks.state')}</th>
                <th scope="col">{t('screens.webhooks.details')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((delivery) => (
                <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation('integrations');
  const resend = useResendDelivery(endpointId);
  const answer = (status: number | null, error: string | null) =>
    status !== null ? String(status) : (error ?? t('screens.webhooks.noAnswer'));
  return (
    <tr data-testid="delivery">
      <td>{showDateTime(delivery.createdAt, i18n.language, true)}</td>
      <td>
        <code>{delivery.eventType}</code>
        <div className="event-code">{delivery.messageId}</div>
      </td>
      <td>
        <span
          className={`state-badge ${delivery.state === 'delivered' ? 'on' : delivery.state === 'failed' ? 'off' : 'idle'}`}
        >
          {t(`screens.webhooks.deliveryStates.${delivery.state}`)}
        </span>
        <div className="muted">
          {t('screens.webhooks.attempts')}: {delivery.attempts}
          {delivery.attempts > 0 &&
            ` · ${t('screens.webhooks.answer')}: ${answer(delivery.lastStatus, delivery.lastError)}`}
        </div>
        {delivery.state === 'pending' && delivery.nextAttemptAt && (
          <div className="muted">
            {t('screens.webhooks.nextAttempt', {
              at: showDateTime(delivery.nextAttemptAt, i18n.language, true),
            })}
          </div>
        )}
      </td>
      <td>
        <details>
          <summary>{t('screens.webhooks.request')}</summary>
          <pre>{JSON.stringify(delivery.payload, null, 2)}</pre>
          {delivery.log.length > 0 && (
            <ol className="rights-list">
              {delivery.log.map((a) => (
                <li key={a.attempt}>
                  {t('screens.webhooks.attempt')} {a.attempt}: {showDateTime(a.at, i18n.language, true)} —{' '}
                  <strong>{answer(a.status, a.error)}</strong>
                  {a.durationMs !== null && (
                    <span className="muted"> · {t('screens.webhooks.duration', { ms: a.durationMs })}</span>
                  )}
                  {a.answer && <pre>{a.answer}</pre>}
                </li>
              ))}
            </ol>
          )}
        </details>
        <Button
          variant="secondary"
          size="sm"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(delivery.id, {
              onSuccess: () => toast.success(t('screens.webhooks.resent')),
              onError: toastError,
            })
          }
        >
          {t('screens.webhooks.resend')}
        </Button>
      </td>
    </tr>
  );
}
