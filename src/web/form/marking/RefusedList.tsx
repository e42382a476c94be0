import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { showCode } from './gsText';
import type { Refusal } from './markingState';

/** The codes not added, each with its reason (the engine's rule, or a duplicate), until dismissed. */
export function RefusedList({
  refused,
  onDismiss,
  onClear,
}: {
  refused: Refusal[];
  onDismiss: (index: number) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(['marking', 'validation']);
  if (refused.length === 0) return null;
  const reason = (refusal: Refusal) => {
    const { why } = refusal;
    if (why.kind === 'structure') return t(`validation:markingCodeReason.${why.reason}`);
    if (why.kind === 'duplicateLine') return t('duplicateLine', { line: why.line });
    return t(why.kind);
  };
  return (
    <section className="mk-refused" aria-label={t('refusedTitle')}>
      <div className="mk-refused-head">
        <strong>
          {t('refusedTitle')}: {refused.length}
        </strong>
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('dismiss')}
        </Button>
      </div>
      <ul>
        {refused.slice(0, 50).map((refusal, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same text may be refused twice
          <li key={index} className="mk-refused-item">
            <code>{showCode(refusal.raw) || '—'}</code>
            <span className="mk-refused-reason">{reason(refusal)}</span>
            <Button variant="ghost" size="sm" aria-label={t('dismiss')} onClick={() => onDismiss(index)}>
              ×
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
