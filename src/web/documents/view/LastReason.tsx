import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../api/documents';
import { showDateTime } from '../format';

/** The reason given with the latest status change (a rejection, a return), where everyone sees it first. */
export function LastReason({ document }: { document: DocumentView }) {
  const { t, i18n } = useTranslation('workspace');
  const last = [...document.events].sort((a, b) => b.seq - a.seq)[0];
  if (!last?.reason) return null;
  return (
    <div className="doc-reason card" role="note">
      <strong>
        {t('view.reasonBy', {
          action: t(`actions.${last.action}`, { defaultValue: last.action }),
          who: last.actor?.name ?? last.actor?.identity ?? '',
          at: showDateTime(last.at, i18n.language),
        })}
      </strong>
      <p>{last.reason}</p>
    </div>
  );
}
