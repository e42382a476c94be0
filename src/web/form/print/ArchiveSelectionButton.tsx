import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadArchiveFile, fetchJob, requestArchives } from '../../api/print';
import type { ListToolbarItemProps } from '../../documents/extensions';
import { saveBlob } from '../../documents/saveBlob';
import { Button, toast } from '../../ui';

const POLL_MS = 1000;
const fileName = () => `hujjat-archive-${new Date().toISOString().slice(0, 10)}.zip`;

/**
 * "Signed archives" in the incoming and outgoing lists (mounted through `listToolbarItems`): one
 * .zip with each selected document's signed archive. A few come at once; more are built by a job
 * whose progress shows beside the button until the file downloads.
 */
export function ArchiveSelectionButton({ direction, selectedIds, selectedCount }: ListToolbarItemProps) {
  const { t } = useTranslation('print');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  if (direction === 'drafts') return null;

  const followJob = async (jobId: string) => {
    for (;;) {
      const job = await fetchJob(jobId);
      if (!alive.current) return;
      setProgress({ done: job.done, total: job.total ?? selectedCount });
      if (job.state === 'done' && job.result) {
        saveBlob(await downloadArchiveFile(jobId), job.result.name);
        toast.success(t('archive.ready', { documents: job.result.documents, failed: job.result.failed }));
        return;
      }
      if (job.state === 'failed' || job.state === 'cancelled')
        throw new Error(job.error?.message ?? job.state);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const start = async () => {
    setBusy(true);
    try {
      const answer = await requestArchives(await selectedIds());
      if ('blob' in answer) saveBlob(answer.blob, fileName());
      else await followJob(answer.jobId);
    } catch (error) {
      toast.error(t('archive.failed', { message: (error as Error).message }));
    } finally {
      if (alive.current) {
        setBusy(false);
        setProgress(null);
      }
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={selectedCount === 0 || busy}
        loading={busy}
        onClick={() => void start()}
        data-testid="archive-selection"
      >
        {t('archive.selection')}
      </Button>
      {progress && (
        <span className="muted" role="status">
          {t('archive.preparing', progress)}
        </span>
      )}
    </>
  );
}
