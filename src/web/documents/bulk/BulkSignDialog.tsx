import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMultiSignNumbers } from '../../api/bulk';
import type { DocDirection } from '../../api/documents';
import { getProfile } from '../../auth/profile';
import { type Certificate, reportSigningError } from '../../signing';
import { Button, type Column, Modal, Table, Textarea } from '../../ui';
import { KeyDialog } from '../signing/KeyDialog';
import { BULK_ACTIONS } from './actions';
import { ProgressBar } from './Progress';
import { type BulkOutcome, type BulkProgress, runBulkSign } from './runBulkSign';
import './bulk.css';

type Step =
  | { step: 'choose' }
  | { step: 'key'; action: string; reason?: string }
  | { step: 'run'; action: string; progress: BulkProgress; outcomes: BulkOutcome[]; finished: boolean };

/**
 * Bulk signing: the action (and one reason for a rejection), the key once, then a progress bar and
 * the outcome of every document (done, refused with the reason, skipped because its status changed).
 * Stop (or closing the tab) ends it between two documents.
 */
export function BulkSignDialog({
  direction,
  documentIds,
  onClose,
}: {
  direction: DocDirection;
  documentIds: string[];
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation(['bulk', 'workspace']);
  const actions = BULK_ACTIONS[direction] ?? [];
  const [step, setStep] = useState<Step>({ step: 'choose' });
  const [action, setAction] = useState(actions[0]);
  const [reason, setReason] = useState('');
  const abort = useRef<AbortController | null>(null);
  // Document numbers for the report, read from the multi-sign log once the run is over.
  const [numbers, setNumbers] = useState<Map<string, string>>(new Map());

  // Closing the tab stops the loop; the server keeps what was signed, the log shows the rest not signed.
  useEffect(() => {
    const stop = () => abort.current?.abort();
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, []);

  const sign = async (cert: Certificate) => {
    if (step.step !== 'key') return;
    abort.current = new AbortController();
    const s = step;
    setStep({
      step: 'run',
      action: s.action,
      progress: { done: 0, refused: 0, skipped: 0, total: documentIds.length },
      outcomes: [],
      finished: false,
    });
    try {
      const result = await runBulkSign({
        cert,
        action: s.action,
        reason: s.reason,
        documentIds,
        signal: abort.current.signal,
        onProgress: (progress, outcomes) =>
          setStep((prev) => (prev.step === 'run' ? { ...prev, progress, outcomes: [...outcomes] } : prev)),
      });
      setStep((prev) =>
        prev.step === 'run' ? { ...prev, outcomes: result.outcomes, finished: true } : prev,
      );
      fetchMultiSignNumbers(result.logId).then(setNumbers, () => undefined);
    } catch (error) {
      reportSigningError(t, error);
      setStep((prev) => (prev.step === 'run' ? { ...prev, finished: true } : { step: 'choose' }));
    }
  };

  if (step.step === 'key') {
    const profile = getProfile() as { tin?: string; pinfl?: string } | null;
    return (
      <KeyDialog
        open
        title={t('bulk:sign.keyTitle', {
          count: documentIds.length,
          action: t(`workspace:actions.${step.action}`),
        })}
        confirmLabel={t('bulk:sign.confirm')}
        partyIds={[profile?.tin, profile?.pinfl].filter(Boolean) as string[]}
        busy={false}
        onCancel={() => setStep({ step: 'choose' })}
        onSign={(cert) => void sign(cert)}
      />
    );
  }

  if (step.step === 'choose') {
    const needsReason = action === 'reject';
    return (
      <Modal
        open
        title={t('bulk:sign.title', { count: documentIds.length })}
        onClose={() => onClose(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => onClose(false)}>
              {t('bulk:cancel')}
            </Button>
            <Button
              disabled={!action || (needsReason && !reason.trim())}
              onClick={() =>
                setStep({ step: 'key', action, reason: needsReason ? reason.trim() : undefined })
              }
            >
              {t('bulk:sign.next')}
            </Button>
          </>
        }
      >
        <div className="bulk-form">
          <p>{t('bulk:sign.intro', { count: documentIds.length })}</p>
          {actions.length > 1 && (
            <fieldset>
              <legend>{t('bulk:sign.action')}</legend>
              {actions.map((a) => (
                <label key={a} style={{ marginRight: '1rem' }}>
                  <input
                    type="radio"
                    name="bulk-action"
                    value={a}
                    checked={action === a}
                    onChange={() => setAction(a)}
                  />{' '}
                  {t(`workspace:actions.${a}`)}
                </label>
              ))}
            </fieldset>
          )}
          {needsReason && (
            <>
              <label htmlFor="bulk-reason">{t('bulk:sign.reason')}</label>
              <Textarea
                id="bulk-reason"
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
              />
            </>
          )}
        </div>
      </Modal>
    );
  }

  const { progress, outcomes, finished } = step;
  const handled = progress.done + progress.refused + progress.skipped;
  const columns: Column<BulkOutcome>[] = [
    { key: 'n', header: '№', cell: (_r, i) => i + 1, numeric: true, width: 60 },
    {
      key: 'doc',
      header: t('bulk:sign.document'),
      cell: (r) => (
        <a href={`/documents/${r.documentId}`}>{numbers.get(r.documentId) ?? r.documentId.slice(0, 8)}</a>
      ),
    },
    {
      key: 'outcome',
      header: t('bulk:sign.outcome'),
      cell: (r) => (
        <span className={`bulk-outcome-${r.outcome}`}>{t(`bulk:sign.outcomes.${r.outcome}`)}</span>
      ),
    },
    { key: 'message', header: t('bulk:sign.reasonColumn'), cell: (r) => r.message ?? '' },
  ];
  return (
    <Modal
      open
      title={t('bulk:sign.title', { count: documentIds.length })}
      onClose={finished ? () => onClose(true) : undefined}
      actions={
        finished ? (
          <Button onClick={() => onClose(true)}>{t('bulk:close')}</Button>
        ) : (
          <Button variant="danger" onClick={() => abort.current?.abort()}>
            {t('bulk:sign.stop')}
          </Button>
        )
      }
    >
      <div className="bulk-form" data-testid="bulk-sign-dialog">
        <ProgressBar
          value={progress.total ? handled / progress.total : 0}
          label={t('bulk:sign.progress', { handled, total: progress.total })}
        />
        <div className="bulk-summary" role="status" data-testid="bulk-summary">
          <div className="bulk-outcome-done">{t('bulk:sign.count.done', { count: progress.done })}</div>
          <div className="bulk-outcome-refused">
            {t('bulk:sign.count.refused', { count: progress.refused })}
          </div>
          <div className="bulk-outcome-skipped">
            {t('bulk:sign.count.skipped', { count: progress.skipped })}
          </div>
          {finished && progress.total - handled > 0 && (
            <div className="bulk-outcome-notSigned">
              {t('bulk:sign.count.notSigned', { count: progress.total - handled })}
            </div>
          )}
        </div>
        {outcomes.some((o) => o.outcome !== 'done') || finished ? (
          <div className="bulk-scroll">
            <Table
              caption={t('bulk:sign.report')}
              columns={columns}
              rows={finished ? outcomes : outcomes.filter((o) => o.outcome !== 'done')}
              rowKey={(r) => r.documentId}
            />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
