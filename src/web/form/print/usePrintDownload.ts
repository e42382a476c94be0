import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadPrintFile, type PrintFile } from '../../api/print';
import { saveBlob } from '../../documents/saveBlob';
import { currentLocale } from '../../i18n';
import { toast } from '../../ui';

/** Downloads a document's PDF, signing protocol or signed archive in the reader's language. */
export function usePrintDownload(document: { id: string; kind: string; number: string | null }) {
  const { t } = useTranslation('print');
  const [busy, setBusy] = useState<PrintFile | null>(null);
  const download = async (file: PrintFile) => {
    setBusy(file);
    try {
      const { blob, name } = await downloadPrintFile(file, document, currentLocale());
      saveBlob(blob, name);
    } catch (error) {
      toast.error((error as Error).message || t('archive.failed', { message: '' }));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
