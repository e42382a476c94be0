import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { type CorrectableDocument, useCorrectableDocuments } from '../../api/documents';
import { Input } from '../../ui';
import { showDate, showMoney } from '../format';

/**
 * Picks the document a corrected or additional one refers to, from the caller's own sent documents
 * the server says may be corrected (Document/getDocumentsToCorrect), searched by number or
 * counterparty.
 */
export function CorrectionPicker({
  kind,
  chosenId,
  onChoose,
}: {
  kind: string;
  /** The national id the document refers to now, if any. */
  chosenId: string | null;
  onChoose(document: CorrectableDocument): void;
}) {
  const { t, i18n } = useTranslation('workspace');
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const options = useCorrectableDocuments(kind, search);
  const lang = i18n.language;
  return (
    <section className="card doc-correction" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('editor.correction.title')}</h2>
      <p className="muted">{t('editor.correction.text')}</p>
      <label htmlFor={inputId} className="doc-filter-label">
        {t('editor.correction.search')}
      </label>
      <Input id={inputId} size="sm" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <div aria-live="polite" className="doc-correction-options">
        {options.isPending ? (
          <p className="muted">{t('list.filters.searching')}</p>
        ) : options.isError ? (
          <p role="alert">{options.error.message}</p>
        ) : options.data.length === 0 ? (
          <p className="muted">{t('editor.correction.none')}</p>
        ) : (
          <ul>
            {options.data.map((doc) => (
              <li key={doc.id}>
                <button
                  type="button"
                  className="doc-filter-option"
                  aria-pressed={doc.nationalId === chosenId}
                  onClick={() => onChoose(doc)}
                >
                  <span>
                    {t('editor.correction.option', {
                      number: doc.number ?? '—',
                      date: showDate(doc.date, lang),
                    })}
                    {doc.total ? ` · ${showMoney(doc.total, lang)}` : ''}
                  </span>
                  <span className="muted">
                    {[doc.counterparty?.name, doc.counterparty?.identity].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
