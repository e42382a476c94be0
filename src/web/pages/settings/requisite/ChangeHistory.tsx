import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listKindSummaries } from '../../../../engine/registry';
import { useChangeHistory } from '../../../api/settings';
import { showDateTime } from '../../../documents/format';
import { Button, EmptyState, Loading } from '../../../ui';
import { historyFieldKeys, rightKind } from './historyFields';

/** Who changed which settings when (the audit log), newest first, ten at a time. */
export function ChangeHistory() {
  const { t, i18n } = useTranslation(['settings', 'forms', 'access', 'documents']);
  const kindTitles = new Map(listKindSummaries('documents').map((k) => [k.kind, k.titleKey]));
  /** A changed field's label in the reader's language; never the field's name in the code. */
  const fieldLabel = (event: string, field: string) => {
    const key = historyFieldKeys(event, field).find((k) => i18n.exists(k));
    const label = key ? t(key) : t('settings:history.fields.other');
    const kind = rightKind(event, field);
    const title = kind ? kindTitles.get(kind) : undefined;
    return title ? `${t(title)}: ${label}` : label;
  };
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const history = useChangeHistory(page, open);
  return (
    <section className="card settings-section" aria-labelledby="history-title">
      <h2 id="history-title">
        {t('history.title')}
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('history.hide') : t('history.show')}
        </Button>
      </h2>
      {open &&
        (history.isPending ? (
          <Loading />
        ) : !history.data?.rows.length ? (
          <EmptyState>{t('history.empty')}</EmptyState>
        ) : (
          <>
            <ul className="agreement-history">
              {history.data.rows.map((entry) => {
                const fields = Object.keys(entry.detail.changes ?? {});
                return (
                  <li key={entry.id}>
                    <strong>{showDateTime(entry.at, i18n.language)}</strong> · {entry.userName ?? '—'} ·{' '}
                    {t(`history.events.${entry.event.replace(/\./g, '_')}`, { defaultValue: entry.event })}
                    {fields.length > 0 && (
                      <span className="muted">
                        {' '}
                        ({fields.map((f) => fieldLabel(entry.event, f)).join(', ')})
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="row" style={{ marginTop: '0.5rem' }}>
              <Button size="sm" variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                {t('history.newer')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={page * 10 >= history.data.totalCount}
                onClick={() => setPage(page + 1)}
              >
                {t('history.older')}
              </Button>
            </p>
          </>
        ))}
    </section>
  );
}
