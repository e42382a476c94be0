import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { type RegisterAnswer, type RegisterRow, searchRegister } from '../../api/register';
import { Input } from '../../ui/Input';
import { Modal } from '../../ui/Modal';
import './registerSearch.css';

/**
 * The counterparty register search (issue 27.5, Organization/getOrgs): by TIN, PINFL or name across
 * the organisations registered here, the caller's counterparties and the tax registry. Choosing a row
 * answers its TIN/PINFL; the TIN field then fills the requisites as when the number is typed.
 */
export default function RegisterSearchDialog({
  open,
  initial,
  onChoose,
  onClose,
}: {
  open: boolean;
  initial: string;
  onChoose: (row: RegisterRow) => void;
  onClose: () => void;
}) {
  const { t, ready } = useTranslation('organizations', { useSuspense: false });
  const [text, setText] = useState(initial);
  const [query, setQuery] = useState(initial.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // Asked directly (no query cache): the form also renders outside the app's QueryClientProvider.
  const [found, setFound] = useState<{
    query: string;
    data?: RegisterAnswer;
    error?: Error;
  } | null>(null);
  useEffect(() => {
    if (!open || query.length < 2) return;
    const controller = new AbortController();
    setFound({ query });
    searchRegister(query, controller.signal).then(
      (data) => setFound({ query, data }),
      (error: Error) => error.name !== 'AbortError' && setFound({ query, error }),
    );
    return () => controller.abort();
  }, [open, query]);
  const fetching = query.length >= 2 && (found?.query !== query || (!found.data && !found.error));
  const data = found?.query === query ? found.data : undefined;
  const error = found?.query === query ? found.error : undefined;
  if (!ready) return null;
  const sourceText = (row: RegisterRow) =>
    row.sources
      .map((s) =>
        s === 'counterparty'
          ? t('register.source.counterparty', { count: row.documents })
          : t(`register.source.${s}`),
      )
      .join(' · ');
  return (
    <Modal open={open} title={t('register.title')} onClose={onClose}>
      <div className="register-search">
        <label htmlFor="register-search-query" className="register-search-label">
          {t('register.query')}
        </label>
        <Input
          id="register-search-query"
          value={text}
          autoComplete="off"
          aria-describedby="register-search-hint"
          onChange={(e) => setText(e.target.value)}
        />
        <p id="register-search-hint" className="register-search-note">
          {t('register.hint')}
        </p>
        <div aria-live="polite" className="register-search-status">
          {query.length < 2
            ? t('register.tooShort')
            : fetching
              ? t('register.searching')
              : error
                ? t('register.failed', { message: error.message })
                : data && data.rows.length === 0
                  ? t('register.none')
                  : data && t('register.total', { count: data.totalCount })}
          {data?.registryUnavailable && <span> {t('register.registryUnavailable')}</span>}
        </div>
        {data && data.rows.length > 0 && (
          <ul className="register-search-rows">
            {data.rows.map((row) => (
              <li key={row.identity}>
                <button
                  type="button"
                  aria-label={t('register.choose', { name: `${row.name} (${row.identity})` })}
                  onClick={() => onChoose(row)}
                >
                  <strong>{row.name}</strong>
                  <span className="register-search-meta">
                    {row.identity} · {sourceText(row)}
                    {row.isDemo && ` · ${t('register.demo')}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
