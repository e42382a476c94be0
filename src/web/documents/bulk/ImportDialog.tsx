import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelJob,
  fetchImportErrors,
  fetchImportKinds,
  fetchImportLog,
  followJob,
  type ImportLog,
  uploadWithProgress,
} from '../../api/bulk';
import { ApiRequestError } from '../../api/client';
import { Button, Checkbox, Modal, Pagination, Select } from '../../ui';
import { ImportErrorTable } from './ImportErrorTable';
import { ProgressBar } from './Progress';
import './bulk.css';

type Phase =
  | { phase: 'form' }
  | { phase: 'upload'; fraction: number }
  | { phase: 'job'; jobId: string; done: number; total: number | null; stopping?: boolean }
  | { phase: 'result'; log: ImportLog };

const PAGE = 20;

/**
 * Import of documents from Excel: kind, file, "check only"; the upload's progress, then the job's
 * (server-sent events), then the outcome — the drafts created, or the errors table of spec §2 (row,
 * column name, message).
 */
export function ImportDialog({
  onClose,
  onImported,
}: {
  onClose(): void;
  onImported(ids: string[], sign: boolean): void;
}) {
  const { t, i18n } = useTranslation(['bulk', 'common']);
  const kinds = useQuery({ queryKey: ['import-kinds'], queryFn: fetchImportKinds });
  const [kind, setKind] = useState('invoice');
  const [dryRun, setDryRun] = useState(false);
  const [forSigning, setForSigning] = useState(false);
  const [phase, setPhase] = useState<Phase>({ phase: 'form' });
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const fileRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useRef<XMLHttpRequest | null>(null);

  const errors = useQuery({
    queryKey: ['import-errors', phase.phase === 'result' ? phase.log.id : '', page],
    queryFn: () => fetchImportErrors((phase as { log: ImportLog }).log.id, page, PAGE),
    enabled: phase.phase === 'result' && phase.log.errorsCount + (phase.log.warningsCount ?? 0) > 0,
  });

  const start = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError(t('bulk:import.noFile'));
      return;
    }
    setError(null);
    abort.current = new AbortController();
    try {
      setPhase({ phase: 'upload', fraction: 0 });
      const query = new URLSearchParams({ kind, dryRun: String(dryRun), forSigning: String(forSigning) });
      const started = await uploadWithProgress<{ data: { importId: string; jobId: string } }>(
        `/api/Import/DocumentExcelImport?${query}`,
        file,
        (fraction) => setPhase({ phase: 'upload', fraction }),
        (xhr) => {
          upload.current = xhr;
        },
      );
      upload.current = null;
      const jobId = started.data.jobId;
      setPhase({ phase: 'job', jobId, done: 0, total: null });
      await followJob(
        jobId,
        (job) =>
          setPhase((now) => ({
            phase: 'job',
            jobId,
            done: job.done,
            total: job.total,
            stopping: now.phase === 'job' && now.stopping,
          })),
        abort.current.signal,
      );
      const log = await fetchImportLog(started.data.importId);
      setPage(1);
      setPhase({ phase: 'result', log });
      if (log.state === 'done') onImported(log.documentIds, forSigning);
      // Stopped part-way: the drafts made before the stop are in the list; nothing is signed.
      else if (log.state === 'cancelled' && log.documentIds.length) onImported(log.documentIds, false);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setError(err instanceof ApiRequestError ? err.message : String((err as Error).message));
      setPhase({ phase: 'form' });
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  /**
   * Cancel while busy: an upload not yet answered is dropped (nothing was queued); a queued or
   * running job is asked to stop, and the dialog stays to show what it made before stopping.
   */
  const stop = async () => {
    if (phase.phase === 'upload') {
      upload.current?.abort();
      upload.current = null;
      setPhase({ phase: 'form' });
      return;
    }
    if (phase.phase !== 'job' || phase.stopping) return;
    setPhase({ ...phase, stopping: true });
    try {
      await cancelJob(phase.jobId);
    } catch (err) {
      // Finished meanwhile (409): the outcome follows as usual.
      if (!(err instanceof ApiRequestError && err.status === 409))
        setError(err instanceof ApiRequestError ? err.message : String((err as Error).message));
    }
  };

  // The job counts two passes over the documents (check all, then create each), unless it only
  // checks: the label names the pass and counts documents, not steps.
  const jobLabel = ({ done, total }: { done: number; total: number | null }) => {
    if (!total) return t('bulk:import.reading');
    if (dryRun) return t('bulk:import.checking', { done, total });
    const documents = Math.ceil(total / 2);
    return done < documents
      ? t('bulk:import.checking', { done, total: documents })
      : t('bulk:import.creating', { done: done - documents, total: documents });
  };

  const busy = phase.phase === 'upload' || phase.phase === 'job';
  return (
    <Modal
      open
      title={t('bulk:import.title')}
      onClose={busy ? undefined : close}
      actions={
        phase.phase === 'result' ? (
          <Button onClick={close}>{t('bulk:close')}</Button>
        ) : (
          <>
            <Button
              variant="secondary"
              onClick={busy ? () => void stop() : close}
              disabled={phase.phase === 'job' && phase.stopping}
              data-testid="import-cancel"
            >
              {phase.phase === 'job' && phase.stopping ? t('bulk:import.stopping') : t('bulk:cancel')}
            </Button>
            <Button onClick={() => void start()} loading={busy} disabled={busy}>
              {dryRun ? t('bulk:import.check') : t('bulk:import.start')}
            </Button>
          </>
        )
      }
    >
      <div className="bulk-form" data-testid="import-dialog">
        {phase.phase !== 'result' && (
          <>
            <label htmlFor="import-kind">{t('bulk:import.kind')}</label>
            <Select id="import-kind" value={kind} onChange={(e) => setKind(e.target.value)} disabled={busy}>
              {(kinds.data ?? ['invoice']).map((k) => (
                <option key={k} value={k}>
                  {t(`bulk:kinds.${k}`, { defaultValue: k })}
                </option>
              ))}
            </Select>
            <label>
              {t('bulk:import.file')}
              <input
                ref={fileRef}
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={busy}
              />
            </label>
            <a
              href={`/api/Import/template?kind=${kind}&lang=${(i18n.language || 'ru').slice(0, 2)}`}
              download
            >
              {t('bulk:import.template')}
            </a>
            <Checkbox
              label={t('bulk:import.dryRun')}
              checked={dryRun}
              onChange={(e) => setDryRun(e.target.checked)}
              disabled={busy}
            />
            <Checkbox
              label={t('bulk:import.forSigning')}
              checked={forSigning}
              onChange={(e) => setForSigning(e.target.checked)}
              disabled={busy || dryRun}
            />
          </>
        )}
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        {phase.phase === 'upload' && (
          <ProgressBar value={phase.fraction} label={t('bulk:import.uploading')} />
        )}
        {phase.phase === 'job' && (
          <ProgressBar value={phase.total ? phase.done / phase.total : null} label={jobLabel(phase)} />
        )}
        {phase.phase === 'result' && (
          <>
            <p role="status" data-testid="import-outcome">
              {t(`bulk:import.outcome.${phase.log.state}`, {
                documents: phase.log.documentsCount ?? 0,
                rows: phase.log.rowsCount ?? 0,
                created: phase.log.createdCount,
                existing: phase.log.existingCount,
                errors: phase.log.errorsCount,
              })}
            </p>
            {(phase.log.warningsCount ?? 0) > 0 && (
              <p className="muted" data-testid="import-warnings">
                {t('bulk:import.warnings', { count: phase.log.warningsCount })}
              </p>
            )}
            {phase.log.errorsCount + (phase.log.warningsCount ?? 0) > 0 && (
              <div className="bulk-scroll" data-testid="import-errors">
                <ImportErrorTable rows={errors.data?.rows ?? []} />
                {(errors.data?.totalCount ?? 0) > PAGE && (
                  <Pagination
                    page={page}
                    size={PAGE}
                    sizes={[PAGE]}
                    total={errors.data?.totalCount ?? 0}
                    onPageChange={setPage}
                    onSizeChange={() => {}}
                  />
                )}
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
