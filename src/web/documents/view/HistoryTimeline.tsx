import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DocumentEvent } from '../../api/documents';
import { eventLabel } from '../eventLabel';
import { showDateTime } from '../format';
import { statusKeyOf } from '../statusTone';

/** The note the server keeps on a copy's first event ("copy of <id>"): a link, never the raw words. */
const COPIED_FROM = /^copy of ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The document's history (the hash-chained event log): who, when, what, from → to, and the reason. */
export function HistoryTimeline({ kind, events }: { kind: string; events: DocumentEvent[] }) {
  const { t, i18n } = useTranslation(['workspace', 'exchange']);
  const status = (code: number | null) => {
    if (code === null) return '';
    const key = statusKeyOf(kind, code);
    return key ? t(`exchange:status.${key}`, { defaultValue: key }) : String(code);
  };
  if (events.length === 0) return <p className="muted">{t('workspace:view.noHistory')}</p>;
  return (
    <ol className="doc-timeline">
      {[...events]
        .sort((a, b) => a.seq - b.seq)
        .map((event) => (
          <li key={event.seq} className="doc-event">
            <div className="doc-event-head">
              <strong>{eventLabel(t, event.action)}</strong>
              <time dateTime={event.at}>{showDateTime(event.at, i18n.language, true)}</time>
            </div>
            {event.actor && (
              <div className="doc-event-actor">
                {[event.actor.name, event.actor.identity].filter(Boolean).join(', ')}
                {event.actor.role && (
                  <span className="muted">
                    {' '}
                    · {t(`exchange:role.${event.actor.role}`, { defaultValue: event.actor.role })}
                  </span>
                )}
                {event.actor.apiKey && (
                  <span className="doc-event-key" data-testid="history-api-key">
                    {' '}
                    · {t('workspace:view.viaApiKey', { name: event.actor.apiKey })}
                  </span>
                )}
              </div>
            )}
            {event.toStatus !== null && event.fromStatus !== event.toStatus && (
              <div className="muted doc-event-status">
                {event.fromStatus !== null ? `${status(event.fromStatus)} → ` : ''}
                {status(event.toStatus)}
              </div>
            )}
            {event.action === 'copy' && COPIED_FROM.test(event.reason ?? '') ? (
              <div className="doc-event-copied">
                <Link to={`/documents/${COPIED_FROM.exec(event.reason ?? '')?.[1]}`}>
                  {t('workspace:view.copiedFrom')}
                </Link>
              </div>
            ) : (
              event.reason && (
                <blockquote className="doc-event-reason">
                  <span className="visually-hidden">{t('workspace:view.reason')}: </span>
                  {event.reason}
                </blockquote>
              )
            )}
          </li>
        ))}
    </ol>
  );
}
