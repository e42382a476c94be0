import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { summaryOf } from '../../../engine/registry';
import { PATHS } from '../../../engine/routes';
import { useMyRights } from '../../api/settings';
import { useProfile } from '../../auth/profile';
import { DocumentEditor } from '../../documents/editor/DocumentEditor';
import { KindChooser } from '../../documents/editor/KindChooser';
import { startingContent, useOwnRequisites, useStartingContent } from '../../documents/editor/useNewDocument';
import { useFormKind } from '../../form/kinds';
import { Button, Loading } from '../../ui';
import { NoAuthority } from '../settings/shared/NoAuthority';
import '../../documents/documents.css';

/**
 * /documents/create: choose the kind first (or arrive with ?kind=), or start from a template
 * (?template=) or a copy (?copy=); then the kind's form in create mode.
 */
export default function CreatePage() {
  const { t } = useTranslation(['workspace', 'common']);
  const [params] = useSearchParams();
  const source = { kind: params.get('kind'), template: params.get('template'), copy: params.get('copy') };
  const unknownKind = source.kind && !summaryOf(source.kind);
  if (
    (!source.kind && !source.template && !source.copy) ||
    (unknownKind && !source.template && !source.copy)
  ) {
    return (
      <section className="page" aria-labelledby="create-title">
        <h1 id="create-title">{t('common:pages.createDocument')}</h1>
        {unknownKind && (
          <p role="alert" className="muted">
            {t('workspace:editor.unknownKind', { kind: source.kind })}
          </p>
        )}
        <p className="muted">{t('workspace:editor.chooseKind')}</p>
        <KindChooser />
        <p>
          <Link to={PATHS.templates}>{t('workspace:editor.fromTemplate')}</Link>
        </p>
      </section>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <NewDocument source={source} />
    </Suspense>
  );
}

function NewDocument({
  source,
}: {
  source: { kind: string | null; template: string | null; copy: string | null };
}) {
  const { t } = useTranslation(['workspace', 'common']);
  const profile = useProfile();
  const identity = (profile?.tin as string | undefined) || (profile?.pinfl as string | undefined) || null;
  const start = useStartingContent(source);
  const own = useOwnRequisites();
  const kind = start.data?.kind ?? null;
  const definition = useFormKind(kind);
  const ready = !start.isPending && !own.isPending && definition;
  // Computed once: it holds fresh ids, and the form reads it only when it mounts.
  const initial = useMemo(
    () =>
      ready && start.data
        ? startingContent(
            definition,
            start.data.content,
            Boolean(source.template),
            own.data ?? null,
            identity,
          )
        : null,
    [ready, definition, start.data, own.data, identity, source.template],
  );
  // A kind the member may not create (issue 15): the server would refuse the draft with 403 anyway.
  const rights = useMyRights();
  if (kind && rights.data && !rights.data.has(`${kind}:create`))
    return <NoAuthority title={t('common:pages.createDocument')} messageKey="access:errors.noAuthority" />;
  if (start.isError)
    return (
      <section className="page" role="alert">
        <h1>{t('common:pages.createDocument')}</h1>
        <p>{start.error.message}</p>
        <Button variant="secondary" onClick={() => start.refetch()}>
          {t('workspace:list.retry')}
        </Button>
      </section>
    );
  // The sender's requisites are a convenience: without them the person types them in.
  if (!initial || !definition || !start.data) return <Loading />;
  const note = source.template
    ? t('workspace:editor.fromTemplateNote', { name: start.data.name ?? '' })
    : source.copy
      ? t('workspace:editor.fromCopyNote')
      : undefined;
  return (
    <DocumentEditor
      key={JSON.stringify(source)}
      definition={definition}
      mode="create"
      initial={initial}
      note={note}
    />
  );
}
