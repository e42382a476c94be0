import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { showCode } from './gsText';

const PAGE = 50;

export interface CodeBadge {
  text: string;
  tone: 'ok' | 'warn' | 'bad';
}

/**
 * The codes of one level, a page at a time (10,000 codes stay quick to draw), newest last, with a
 * filter; each can be removed. `badge` adds the registry's answer for a code when it was checked.
 */
export function CodeList({
  codes,
  onRemove,
  badge,
}: {
  codes: readonly string[];
  onRemove: (index: number) => void;
  badge?: (code: string) => CodeBadge | undefined;
}) {
  const { t } = useTranslation('marking');
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter.trim());
  const [page, setPage] = useState<number | null>(null);
  const matches = useMemo(() => {
    const all = codes.map((code, index) => ({ code, index }));
    return deferred ? all.filter(({ code }) => code.includes(deferred)) : all;
  }, [codes, deferred]);
  const pages = Math.max(1, Math.ceil(matches.length / PAGE));
  const current = Math.min(page ?? pages - 1, pages - 1); // the last page until the person pages back
  const shown = matches.slice(current * PAGE, current * PAGE + PAGE);

  if (codes.length === 0) return <p className="muted mk-empty">{t('empty')}</p>;
  return (
    <div className="mk-list">
      <input
        className="input input-sm mk-filter"
        type="search"
        placeholder={t('filter')}
        aria-label={t('filter')}
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setPage(0);
        }}
      />
      <ol className="mk-codes" start={current * PAGE + 1}>
        {shown.map(({ code, index }) => {
          const mark = badge?.(code);
          const visible = showCode(code);
          return (
            <li key={`${index}:${code}`} className="mk-code">
              <code className="mk-code-text">{visible}</code>
              {mark && <span className={`mk-badge mk-badge--${mark.tone}`}>{mark.text}</span>}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRemove(index)}
                aria-label={t('remove', { code: visible })}
              >
                ×
              </Button>
            </li>
          );
        })}
      </ol>
      {pages > 1 && (
        <div className="mk-pager">
          <Button variant="ghost" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('prev')}
          </Button>
          <span className="muted" aria-live="polite">
            {t('page', {
              from: current * PAGE + 1,
              to: current * PAGE + shown.length,
              total: matches.length,
            })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {t('next')}
          </Button>
        </div>
      )}
    </div>
  );
}
