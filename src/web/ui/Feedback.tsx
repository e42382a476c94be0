import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}

export function Loading({ text }: { text?: string }) {
  const { t } = useTranslation('common');
  const label = text ?? t('loading');
  return (
    <div className="loading">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}
