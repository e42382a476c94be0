import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiFetch } from '../../api/client';
import { type DocumentView, unwrap } from '../../api/documents';
import { showDate } from '../format';
import { StatusBadge } from '../StatusBadge';

export interface RelatedDocument {
  /** JSON pointer of the reference in this document (/OldFacturaDoc/OldFacturaId, /WaybillLocalIds/0…). */
  path: string;
  nationalId: string;
  /** The referenced document when the caller can see it in Hujjat. */
  document: {
    id: string;
    kind: string;
    number: string | null;
    date: string | null;
    viewStatus: number;
    statusKey: string | null;
  } | null;
}

export function useRelatedDocuments(id: string) {
  return useQuery({
    queryKey: ['Document', 'related', id],
    queryFn: async ({ signal }) =>
      unwrap<RelatedDocument[]>(await apiFetch('Document/getRelated', { query: { documentId: id }, signal })),
    staleTime: 30_000,
  });
}

/** The field's title in the document's form, for references the caller cannot open. */
function fieldName(t: (key: string, options?: Record<string, unknown>) => string, path: string) {
  const parts = path.split('/').filter((p) => p && !/^\d+$/.test(p));
  const field = parts[parts.length - 1] ?? path;
  return t(`workspace:related.fields.${field}`, { defaultValue: t('workspace:related.reference') });
}

/**
 * Documents this one refers to (original invoice, waybills, empowerment, contract …) as links when
 * the caller can see them, else by their national id.
 */
export function RelatedDocuments({ document }: { document: DocumentView }) {
  const { t, i18n } = useTranslation(['workspace', 'documents']);
  const related = useRelatedDocuments(document.id);
  if (!related.data?.length) return null;
  return (
    <section className="doc-section card" aria-labelledby="doc-related-title">
      <h2 id="doc-related-title">{t('workspace:view.related')}</h2>
      <ul className="doc-related">
        {related.data.map((item) => (
          <li key={`${item.path}:${item.nationalId}`}>
            <span className="muted doc-sub">{fieldName(t as never, item.path)}</span>
            {item.document ? (
              <span className="doc-related-link">
                <Link to={`/documents/${item.document.id}`}>
                  {t(`documents:kinds.${item.document.kind}`)}
                  {item.document.number ? ` № ${item.document.number}` : ''}
                  {item.document.date ? `, ${showDate(item.document.date, i18n.language)}` : ''}
                </Link>{' '}
                <StatusBadge
                  kind={item.document.kind}
                  code={item.document.viewStatus}
                  statusKey={item.document.statusKey}
                />
              </span>
            ) : (
              <span>
                <code>{item.nationalId}</code>{' '}
                <span className="muted">{t('workspace:related.notInHujjat')}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
