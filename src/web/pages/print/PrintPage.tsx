import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { statusInfo } from '../../../engine/lifecycle';
import { printLayoutOf } from '../../../engine/print';
import { PATHS } from '../../../engine/routes';
import { ApiRequestError } from '../../api/client';
import { useDocumentView } from '../../api/documents';
import { useDocumentTransport, useProviderName } from '../../api/operators';
import { useVerifyUrl } from '../../api/print';
import { PRINT_NAMESPACES, PrintDocument } from '../../form/print/PrintDocument';
import { usePrintDownload } from '../../form/print/usePrintDownload';
import { LanguageSwitch } from '../../layouts/LanguageSwitch';
import { Button, Loading } from '../../ui';
import './print.css';

/**
 * /documents/{id}/print: the printed form of a stored document on a sheet of A4 (landscape where
 * the kind's layout says so) — its stamps, its QR to the public verification page — with a toolbar
 * that never prints: back to the document, the language, print, and the PDF.
 */
export default function PrintPage() {
  const { id } = useParams();
  const { t } = useTranslation(['print', 'workspace', 'common', ...PRINT_NAMESPACES]);
  const query = useDocumentView(id);
  const document = query.data;
  const signed = Boolean(document && (document.signatures.length > 0 || document.source === 'received'));
  const verify = useVerifyUrl(id, signed);
  const downloads = usePrintDownload({
    id: id ?? '',
    kind: document?.kind ?? '',
    number: document?.number ?? null,
  });
  const status = document ? statusInfo(document.kind, document.status) : null;
  // The operator's and the roaming hub's ids, printed beside Hujjat's as operators print both.
  const transport = useDocumentTransport(id).data ?? null;
  const providerName = useProviderName();
  const facts = useMemo(
    () =>
      document
        ? {
            id: document.id,
            statusText: status ? t(`exchange:status.${status.key}`) : undefined,
            ...(transport
              ? {
                  operator: {
                    name: providerName(transport.provider),
                    documentId: transport.operatorId,
                    roamingId: transport.roamingId,
                  },
                }
              : {}),
          }
        : undefined,
    [document, status, t, transport, providerName],
  );
  const title = document
    ? `${t(`documents:kinds.${document.kind}`, { defaultValue: document.kind })} ${document.number ?? ''}`.trim()
    : '';

  // The browser names a PDF saved from the print dialog after the page's title.
  useEffect(() => {
    if (!title) return;
    const before = window.document.title;
    window.document.title = title;
    return () => {
      window.document.title = before;
    };
  }, [title]);

  if (query.isPending) return <Loading />;
  if (query.isError || !document) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <main className="page" role="alert">
        <h1>{notFound ? t('workspace:view.notFound') : t('workspace:view.loadFailed')}</h1>
        <p>{notFound ? t('workspace:view.notFoundText') : query.error?.message}</p>
        <p>
          <Link className="btn btn-secondary" to={PATHS.incoming}>
            {t('common:notFound.toDocuments')}
          </Link>
        </p>
      </main>
    );
  }

  const orientation = printLayoutOf(document.kind).orientation ?? 'portrait';
  return (
    <main className="print-page" aria-label={t('print:sheet.title', { title })}>
      <div className="print-toolbar no-print" role="toolbar" aria-label={t('print:sheet.toolbar')}>
        <Link className="btn btn-secondary btn-sm" to={`/documents/${encodeURIComponent(document.id)}`}>
          ← {t('print:actions.back')}
        </Link>
        <span className="print-toolbar-title">{title}</span>
        <span className="muted">{t('print:sheet.a4', { orientation: t(`print:sheet.${orientation}`) })}</span>
        <span className="print-toolbar-spacer" />
        <LanguageSwitch id="print-language" />
        <Button
          variant="secondary"
          size="sm"
          loading={downloads.busy === 'pdf'}
          onClick={() => void downloads.download('pdf')}
        >
          {t('print:actions.pdf')}
        </Button>
        <Button size="sm" onClick={() => window.print()} disabled={signed && verify.isPending}>
          {t('print:actions.print')}
        </Button>
      </div>
      {signed && verify.isPending ? (
        <Loading />
      ) : (
        <PrintDocument
          kind={document.kind}
          data={document.content}
          document={facts}
          signatures={document.signatures}
          verifyUrl={verify.data ?? null}
        />
      )}
    </main>
  );
}
