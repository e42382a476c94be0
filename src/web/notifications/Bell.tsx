import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../engine/routes';
import { markNotificationsRead, useNotifications } from '../api/bulk';
import { useProfile } from '../auth/profile';
import './bell.css';

/**
 * The header's bell: the unread count, and a panel of the latest notifications (a document received,
 * accepted, rejected with its reason, cancelled, due for automatic acceptance; a bulk job finished).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('bulk');
  const profile = useProfile();
  const client = useQueryClient();
  const list = useNotifications(Boolean(profile));
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  void i18n.language;

  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    return () => document.removeEventListener('mousedown', onClick);
  }, [open]);

  if (!profile) return null;
  const unread = list.data?.unreadCount ?? 0;
  const markAll = async () => {
    await markNotificationsRead();
    await client.invalidateQueries({ queryKey: ['notifications'] });
  };
  return (
    <div className="bell" ref={ref}>
      <button
        type="button"
        className="bell-button"
        aria-label={`${t('bell.label')}${unread ? `, ${t('bell.unread', { count: unread })}` : ''}`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="notification-bell"
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="bell-count" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section className="bell-panel" aria-label={t('bell.label')}>
          <div className="bell-head">
            <strong>{t('bell.label')}</strong>
            {unread > 0 && (
              <button type="button" className="link-button" onClick={() => void markAll()}>
                {t('bell.markAll')}
              </button>
            )}
          </div>
          {list.data?.rows.length ? (
            <ul className="bell-list">
              {list.data.rows.map((n) => (
                <li key={n.id} className={n.read ? 'read' : 'unread'}>
                  {n.documentId ? (
                    <Link to={`/documents/${n.documentId}`} onClick={() => setOpen(false)}>
                      {n.message}
                    </Link>
                  ) : n.type === 'webhookDisabled' ? (
                    // An endpoint switched off after a day of failures: where it is switched on again.
                    <Link to={PATHS.settingsWebhooks} onClick={() => setOpen(false)}>
                      {n.message}
                    </Link>
                  ) : (
                    <span>{n.message}</span>
                  )}
                  <time dateTime={n.createdAt}>{new Date(n.createdAt).toLocaleString(i18n.language)}</time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="bell-empty">{t('bell.empty')}</p>
          )}
        </section>
      )}
    </div>
  );
}
