import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import { ApiRequestError } from '../../api/client';
import { documentKeys, fetchUpdateModel } from '../../api/documents';
import { DocumentEditor } from '../../documents/editor/DocumentEditor';
import { useFormKind } from '../../form/kinds';
import { Button, Loading } from '../../ui';
import '../../documents/documents.css';

/** /documents/update/{id}: the draft in the kind's form, in update mode. */
export default function UpdatePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['workspace', 'common']);
  const model = useQuery({
    queryKey: documentKeys.updateModel(id),
    queryFn: ({ signal }) => fetchUpdateModel(id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const definition = useFormKind(model.data?.kind ?? null);
  if (model.isError) {
    const notFound = model.error instanceof ApiRequestError && model.error.status === 404;
    return (
      <section className="page" role="alert">
        <h1>{notFound ? t('workspace:view.notFound') : t('common:pages.updateDocument')}</h1>
        <p>{notFound ? t('workspace:view.notFoundText') : model.error.message}</p>
        {!notFound && <Button onClick={() => model.refetch()}>{t('workspace:list.retry')}</Button>}
      </section>
    );
  }
  if (model.isPending || !definition) return <Loading />;
  if (model.data.editable === false)
    return (
      <section className="page" role="alert">
        <h1>{t('common:pages.updateDocument')}</h1>
        <p>{t('workspace:editor.notEditable')}</p>
        <Link className="btn btn-secondary" to={PATHS.view.replace(':id', id)}>
          {t('workspace:editor.toDocument')}
        </Link>
      </section>
    );
  return (
    <Suspense fallback={<Loading />}>
      <DocumentEditor
        key={`${id}:${model.dataUpdatedAt}`}
        definition={definition}
        mode="update"
        initial={model.data.content}
        documentId={id}
        version={model.data.version}
      />
    </Suspense>
  );
}
