import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../api/documents';

/**
 * Why a person sees no sign or refuse button on a document that awaits their organisation: the
 * rights their role lacks for the kind, and who can grant them (the server's `withheld`).
 */
export function WithheldNote({ document }: { document: Pick<DocumentView, 'kind' | 'withheld'> }) {
  const { t } = useTranslation(['workspace', 'access', 'documents']);
  const withheld = document.withheld;
  if (!withheld?.rights.length) return null;
  const rights = withheld.rights
    .map((right) => t(`access:rights.${right}`, { defaultValue: right }))
    .join(', ');
  const kind = t(`documents:kinds.${document.kind}`, { defaultValue: document.kind });
  return (
    <section className="card doc-withheld" role="note" aria-labelledby="doc-withheld-title">
      <h2 id="doc-withheld-title">{t('workspace:view.withheldTitle')}</h2>
      <p>{t('workspace:view.withheldText', { rights, kind })}</p>
      <p>
        {withheld.grantors.length
          ? t('workspace:view.withheldGrantors', { names: withheld.grantors.join(', ') })
          : t('workspace:view.withheldNoGrantor')}
      </p>
    </section>
  );
}
