import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import { ApiRequestError } from '../../api/client';
import { invalidateDocuments, useDocumentView } from '../../api/documents';
import { viewActionItems, viewSideSections } from '../../documents/extensions';
import { showDate } from '../../documents/format';
import { StatusBadge } from '../../documents/StatusBadge';
import { useDocumentSigning } from '../../documents/signing/useDocumentSigning';
import { ActionBar } from '../../documents/view/ActionBar';
import { DocumentBody } from '../../documents/view/DocumentBody';
import { DocumentSummary } from '../../documents/view/DocumentSummary';
import { HistoryTimeline } from '../../documents/view/HistoryTimeline';
import { LastReason } from '../../documents/view/LastReason';
import { RelatedDocuments } from '../../documents/view/RelatedDocuments';
import { SignaturesPanel } from '../../documents/view/SignaturesPanel';
import { useLocalActions } from '../../documents/view/useLocalActions';
import { WithheldNote } from '../../documents/view/WithheldNote';
import { Button, Loading } from '../../ui';
import '../../documents/documents.css';

/** /documents/{id}: the document, its status, what the user may do now, its signatures and history. */
export default function ViewPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation(['workspace', 'documents', 'common']);
  const client = useQueryClient();
  const query = useDocumentView(id);
  const document = query.data;
  const signing = useDocumentSigning();
  const local = useLocalActions(document);

  if (query.isPending) return <Loading />;
  if (query.isError || !document) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <section className="page" role="alert">
        <h1>{notFound ? t('workspace:view.notFound') : t('workspace:view.loadFailed')}</h1>
        <p>{notFound ? t('workspace:view.notFoundText') : query.error?.message}</p>
        <p className="row">
          <Link className="btn btn-secondary" to={PATHS.incoming}>
            {t('common:notFound.toDocuments')}
          </Link>
          {!notFound && <Button onClick={() => query.refetch()}>{t('workspace:list.retry')}</Button>}
        </p>
      </section>
    );
  }

  const kindName = t(`documents:kinds.${document.kind}`, { defaultValue: document.kind });
  const title = document.number
    ? t('workspace:view.title', {
        kind: kindName,
        number: document.number,
        date: showDate(document.date, i18n.language),
      })
    : kindName;
  const myIds = document.parties
    .filter((p) => p.roles.some((role) => document.myRoles.includes(role)) && p.identity)
    .map((p) => p.identity as string);
  const refresh = () => invalidateDocuments(client, document.id);

  return (
    <article className="page doc-view" aria-labelledby="doc-title">
      <header className="doc-view-head">
        <div className="doc-view-title">
          <h1 id="doc-title">{title}</h1>
          <StatusBadge kind={document.kind} code={document.viewStatus} statusKey={document.statusKey} />
          {document.binState === 'binned' && <span className="badge">{t('workspace:view.inBin')}</span>}
        </div>
        <div className="no-print">
          <ActionBar
            actions={document.actions}
            busy={local.busy ?? (signing.busy ? 'sign' : null)}
            onSign={(action) => signing.start({ id: document.id, partyIds: myIds }, action)}
            onLocal={local.run}
            extra={viewActionItems.map((Item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of components
              <Item key={index} document={document} refresh={refresh} />
            ))}
          />
        </div>
      </header>
      <WithheldNote document={document} />
      <LastReason document={document} />
      <div className="doc-view-grid">
        <div className="doc-view-main">
          <Suspense fallback={<Loading />}>
            <DocumentBody document={document} />
          </Suspense>
        </div>
        <aside className="doc-view-side no-print" aria-label={t('workspace:view.details')}>
          <section className="doc-section card" aria-labelledby="doc-summary-title">
            <h2 id="doc-summary-title">{t('workspace:view.details')}</h2>
            <DocumentSummary document={document} />
          </section>
          {viewSideSections.map((Section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of components
            <Section key={index} document={document} refresh={refresh} />
          ))}
          <RelatedDocuments document={document} />
          <section className="doc-section card" aria-labelledby="doc-signatures-title">
            <h2 id="doc-signatures-title">
              {t('workspace:view.signatures')} ({document.signatures.length})
            </h2>
            <SignaturesPanel signatures={document.signatures} />
          </section>
          <section className="doc-section card" aria-labelledby="doc-history-title">
            <h2 id="doc-history-title">{t('workspace:view.history')}</h2>
            <HistoryTimeline kind={document.kind} events={document.events} />
          </section>
        </aside>
      </div>
      {signing.element}
      {local.element}
    </article>
  );
}
