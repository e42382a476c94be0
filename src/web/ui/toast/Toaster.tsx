import { useTranslation } from 'react-i18next';
import { closeToast, removeToast, useToasts } from './store';
import '../ui.css';

export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToasts();
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast-${item.kind}`}
          data-open={item.open}
          data-kind={item.kind}
          role={item.kind === 'error' ? 'alert' : 'status'}
          onTransitionEnd={(e) => {
            if (e.target === e.currentTarget && !item.open) removeToast(item.id);
          }}
        >
          <span className="visually-hidden">{t(`toast.${item.kind}`)}</span>
          <div className="toast-body">{item.message}</div>
          <button
            type="button"
            className="toast-close"
            aria-label={t('close')}
            onClick={() => closeToast(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
