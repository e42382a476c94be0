import { useTranslation } from 'react-i18next';
import { statusKeyOf, statusTone } from './statusTone';
import './documents.css';

/** A document status as a coloured badge with its name (the colour never carries meaning alone). */
export function StatusBadge({
  kind,
  code,
  statusKey,
}: {
  kind: string;
  /** The code shown to the caller (viewStatus). */
  code: number;
  /** The server's key when it sent one; else read from the life cycle. */
  statusKey?: string | null;
}) {
  const { t } = useTranslation(['exchange', 'workspace']);
  const key = statusKey ?? statusKeyOf(kind, code);
  const name = key
    ? t(`exchange:status.${key}`, { defaultValue: key })
    : t('workspace:status.unknown', { code });
  return (
    <span className={`status-badge status-${statusTone(kind, code)}`} data-status={code}>
      {name}
    </span>
  );
}
