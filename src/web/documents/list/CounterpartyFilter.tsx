import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { useDocumentOrgs } from '../../api/documents';
import { Button, Input } from '../../ui';

/**
 * The counterparty filter: a button that opens a search over the counterparties of the caller's own
 * documents (Document/getDocumentOrgs), by TIN/PINFL or name. The chosen one is kept in the URL by
 * TIN/PINFL.
 */
export function CounterpartyFilter({
  value,
  onApply,
}: {
  value: string | undefined;
  onApply(identity: string | undefined): void;
}) {
  const { t } = useTranslation('workspace');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const panelId = useId();
  const inputId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const options = useDocumentOrgs(search, open);
  // The chosen counterparty's name, from the same list (first page, no search).
  const known = useDocumentOrgs('', Boolean(value));
  const chosen = known.data?.find((o) => o.identity === value);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const apply = (identity: string | undefined) => {
    onApply(identity);
    close();
  };
  const label = t('list.filters.counterparty');
  const current = value ? (chosen ? `${chosen.name} (${value})` : value) : t('list.filters.anyCounterparty');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it
    <div
      className="doc-filter doc-filter-popover"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          close();
        }
      }}
    >
      <span className="doc-filter-label" id={`${panelId}-label`}>
        {label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className="input input-sm doc-filter-trigger"
        aria-labelledby={`${panelId}-label ${panelId}-value`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-active={value ? 'true' : undefined}
        onClick={() => {
          setDraft('');
          setOpen(!open);
        }}
      >
        <span id={`${panelId}-value`} className="doc-filter-value">
          {current}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <fieldset id={panelId} className="doc-filter-panel">
          <legend className="visually-hidden">{label}</legend>
          <label htmlFor={inputId} className="doc-filter-label">
            {t('list.filters.counterpartySearch')}
          </label>
          <Input
            id={inputId}
            size="sm"
            type="search"
            autoFocus
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div aria-live="polite" className="doc-filter-options">
            {options.isPending ? (
              <p className="muted">{t('list.filters.searching')}</p>
            ) : options.isError ? (
              <p className="muted">{options.error.message}</p>
            ) : options.data && options.data.length > 0 ? (
              <ul aria-label={label}>
                {options.data.map((o) => (
                  <li key={o.identity}>
                    <button
                      type="button"
                      className="doc-filter-option"
                      aria-current={o.identity === value || undefined}
                      onClick={() => apply(o.identity)}
                    >
                      <span>{o.name}</span>
                      <span className="muted">
                        {o.identity} · {t('list.filters.documentsCount', { count: o.count })}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('list.filters.noCounterparties')}</p>
            )}
          </div>
          {value && (
            <Button variant="secondary" size="sm" onClick={() => apply(undefined)}>
              {t('list.filters.anyCounterparty')}
            </Button>
          )}
        </fieldset>
      )}
    </div>
  );
}
