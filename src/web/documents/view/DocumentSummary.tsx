import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../api/documents';
import { daysUntil, showDate, showDateTime, showMoney } from '../format';

/** Parties, sums and dates of a document at a glance; the time left to answer an incoming one. */
export function DocumentSummary({ document }: { document: DocumentView }) {
  const { t, i18n } = useTranslation(['workspace', 'exchange']);
  const lang = i18n.language;
  const days = document.respondBy ? daysUntil(document.respondBy) : null;
  return (
    <div className="doc-summary">
      {document.respondBy && days !== null && (
        <p className={days <= 2 ? 'doc-respond doc-respond-soon' : 'doc-respond'} role="note">
          {days >= 0
            ? t('view.respondBy', { count: days, date: showDate(document.respondBy, lang) })
            : t('view.respondByPassed', { date: showDate(document.respondBy, lang) })}
        </p>
      )}
      <dl className="doc-dl">
        {document.parties.map((party) => (
          <div key={`${party.roles.join(',')}:${party.identity}`} className="doc-dl-row">
            <dt>
              {party.roles.map((role) => t(`exchange:role.${role}`, { defaultValue: role })).join(', ')}
            </dt>
            <dd>
              {party.name ?? '—'}
              {party.identity && <span className="muted"> · {party.identity}</span>}
              {party.hasAccount === false && <span className="muted"> · {t('view.noAccount')}</span>}
            </dd>
          </div>
        ))}
        {document.total !== null && (
          <div className="doc-dl-row">
            <dt>{t('view.total')}</dt>
            <dd className="doc-total">{t('view.money', { amount: showMoney(document.total, lang) })}</dd>
          </div>
        )}
        {document.nationalId && (
          <div className="doc-dl-row">
            <dt>{t('view.nationalId')}</dt>
            <dd>
              <code>{document.nationalId}</code>
            </dd>
          </div>
        )}
        <div className="doc-dl-row">
          <dt>{t('view.created')}</dt>
          <dd>{showDateTime(document.createdAt, lang)}</dd>
        </div>
        {document.sentAt && (
          <div className="doc-dl-row">
            <dt>{t('view.sent')}</dt>
            <dd>{showDateTime(document.sentAt, lang)}</dd>
          </div>
        )}
        <div className="doc-dl-row">
          <dt>{t('view.updated')}</dt>
          <dd>{showDateTime(document.updatedAt, lang)}</dd>
        </div>
      </dl>
    </div>
  );
}
