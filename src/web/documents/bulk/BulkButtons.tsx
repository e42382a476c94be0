import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import type { ListToolbarItemProps } from '../extensions';
import { BULK_ACTIONS } from './actions';

const BulkSignDialog = lazy(() => import('./BulkSignDialog').then((m) => ({ default: m.BulkSignDialog })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** "Sign selected" in the drafts and incoming lists: one bulk signing of the selection. */
export function BulkSignButton({ direction, selectedIds, selectedCount, refresh }: ListToolbarItemProps) {
  const { t } = useTranslation('bulk');
  const [ids, setIds] = useState<string[] | null>(null);
  if (!BULK_ACTIONS[direction]) return null;
  return (
    <>
      <Button
        size="sm"
        disabled={selectedCount === 0}
        onClick={async () => setIds(await selectedIds())}
        data-testid="bulk-sign"
      >
        {t('sign.button', { count: selectedCount })}
      </Button>
      {ids && (
        <Suspense fallback={null}>
          <BulkSignDialog
            direction={direction}
            documentIds={ids}
            onClose={(changed) => {
              setIds(null);
              if (changed) refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** "Import from Excel" in the drafts list; drafts created and asked to be signed open bulk signing. */
export function ImportButton({ direction, refresh }: ListToolbarItemProps) {
  const { t } = useTranslation('bulk');
  const [open, setOpen] = useState(false);
  const [toSign, setToSign] = useState<string[] | null>(null);
  if (direction !== 'drafts') return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="import-excel">
        {t('import.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog
            onClose={() => setOpen(false)}
            onImported={(ids, sign) => {
              refresh();
              if (sign && ids.length) {
                setOpen(false);
                setToSign(ids);
              }
            }}
          />
        </Suspense>
      )}
      {toSign && (
        <Suspense fallback={null}>
          <BulkSignDialog
            direction="drafts"
            documentIds={toSign}
            onClose={() => {
              setToSign(null);
              refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
