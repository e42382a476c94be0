import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListToolbarItemProps } from '../documents/extensions';
import { Button } from '../ui';

const ImportReceivedDialog = lazy(() =>
  import('./ImportReceivedDialog').then((m) => ({ default: m.ImportReceivedDialog })),
);

/** "Import from another operator" in the incoming list. */
export function ImportReceivedButton({ direction, refresh }: ListToolbarItemProps) {
  const { t } = useTranslation('interop');
  const [open, setOpen] = useState(false);
  if (direction !== 'incoming') return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="import-received">
        {t('importDialog.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportReceivedDialog onClose={() => setOpen(false)} onImported={refresh} />
        </Suspense>
      )}
    </>
  );
}
