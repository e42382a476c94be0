import { useTranslation } from 'react-i18next';
import type { ShownCheck } from '../../api/checks';
import { Button } from '../../ui/Button';
import './checks.css';

const ORDER = { block: 0, warn: 1, inform: 2 } as const;

/** One finding: its level, title, reason, what to do; demo and the tax authority's own reply labelled. */
function Finding({ check }: { check: ShownCheck }) {
  const { t } = useTranslation('checks');
  const notChecked = check.outcome === 'notChecked';
  const tone = notChecked ? 'unknown' : check.level;
  return (
    <li className={`check check-${tone}`} data-check={check.id} data-outcome={check.outcome}>
      <div className="check-head">
        <span className={`check-level check-level-${tone}`}>
          {notChecked ? t('panel.notCheckedShort') : t(`level.${check.level}`)}
        </span>
        <strong className="check-title">{check.title}</strong>
        {check.demo && <span className="badge check-demo">{t('panel.demo')}</span>}
      </div>
      {notChecked ? (
        <p className="check-reason muted">{t('panel.notChecked')}</p>
      ) : (
        <>
          <p className="check-reason">{check.reason}</p>
          <p className="check-action">
            <span className="muted">{t('panel.whatToDo')}: </span>
            {check.action}
          </p>
        </>
      )}
      {check.authorityReply && (
        <p className="check-reply">
          <span className="muted">{t('panel.authorityReply')}: </span>
          <q>{check.authorityReply}</q>
        </p>
      )}
    </li>
  );
}

export interface ChecksPanelProps {
  title: string;
  hint?: string;
  checks: ShownCheck[] | null;
  loading?: boolean;
  failed?: boolean;
  onRefresh?(): void;
}

/** The checks panel: blocks, then warnings, then notes, then what could not be checked; passed ones counted. */
export function ChecksPanel({ title, hint, checks, loading, failed, onRefresh }: ChecksPanelProps) {
  const { t } = useTranslation('checks');
  const shown = (checks ?? [])
    .filter((c) => c.outcome !== 'passed')
    .sort(
      (a, b) =>
        Number(a.outcome === 'notChecked') - Number(b.outcome === 'notChecked') ||
        ORDER[a.level] - ORDER[b.level],
    );
  const passed = (checks ?? []).filter((c) => c.outcome === 'passed').length;
  return (
    <section
      className="checks-panel card"
      aria-labelledby="checks-panel-title"
      aria-busy={loading || undefined}
    >
      <header className="checks-head">
        <h2 id="checks-panel-title">{title}</h2>
        {loading && <span className="muted checks-status">{t('panel.checking')}</span>}
        {onRefresh && !loading && (
          <Button variant="ghost" className="checks-refresh" onClick={onRefresh}>
            {t('panel.refresh')}
          </Button>
        )}
      </header>
      {hint && <p className="muted checks-hint">{hint}</p>}
      {failed && <p className="checks-failed">{t('panel.unavailable')}</p>}
      {checks && shown.length === 0 && !failed && <p className="checks-none">{t('panel.none')}</p>}
      {shown.length > 0 && (
        <ul className="checks-list" aria-live="polite">
          {shown.map((check) => (
            <Finding key={check.id} check={check} />
          ))}
        </ul>
      )}
      {passed > 0 && <p className="muted checks-passed">{t('panel.passed', { count: passed })}</p>}
    </section>
  );
}
