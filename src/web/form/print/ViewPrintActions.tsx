import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { printPath } from '../../../engine/routes';
import type { ViewActionItemProps } from '../../documents/extensions';
import { Button } from '../../ui';
import { usePrintDownload } from './usePrintDownload';

/**
 * The view page's print buttons (mounted through the workspace's `viewActionItems`): the printed
 * form (its own page, A4), the PDF, and for a signed document the signing protocol with its QR and
 * the signed archive that verifies offline.
 */
export function ViewPrintActions({ document }: ViewActionItemProps) {
  const { t } = useTranslation('print');
  const downloads = usePrintDownload(document);
  const signed = document.signatures.length > 0 || document.source === 'received';
  const button = (file: 'pdf' | 'protocol' | 'archive', variant: 'secondary' | 'ghost') => (
    <Button
      variant={variant}
      loading={downloads.busy === file}
      disabled={downloads.busy !== null}
      onClick={() => void downloads.download(file)}
      data-action={`print-${file}`}
    >
      {t(`actions.${file}`)}
    </Button>
  );
  return (
    <>
      <Link className="btn btn-secondary" to={printPath(document.id)} data-action="print">
        {t('actions.print')}
      </Link>
      {button('pdf', 'secondary')}
      {signed && button('protocol', 'ghost')}
      {signed && button('archive', 'ghost')}
    </>
  );
}
