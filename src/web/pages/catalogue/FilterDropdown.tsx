import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_LOOKUP_PAGE_SIZE, FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import type { CatalogueTab } from '../../../engine/routes';
import { useFilterOptions } from '../../api/lgota';
import { Button, Input } from '../../ui';
import { DIGIT_FILTERS, type FilterKey } from './tabs';
import { useDebouncedValue } from './useDebouncedValue';

interface FilterDropdownProps {
  tab: CatalogueTab;
  field: FilterKey;
  /** The applied value (from the URL). */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
}

/**
 * A filter button opening a small panel: a search box with suggestions (looked up 600 ms after the
 * last key press, 5 at a time), Reset and Apply. Enter applies, Escape closes.
 */
export function FilterDropdown({ tab, field, value, onApply }: FilterDropdownProps) {
  const { t, i18n } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const panelId = useId();
  const inputId = useId();
  const hintId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const digits = DIGIT_FILTERS[field];
  const search = useDebouncedValue(draft.trim(), FILTER_DEBOUNCE_MS);
  const options = useFilterOptions(
    tab,
    field,
    search,
    CATALOGUE_LOOKUP_PAGE_SIZE,
    i18n.language,
    open && search.length > 0,
  );
  const label = t(`page.filters.${field}`);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const toggle = () => {
    if (!open) setDraft(value ?? '');
    setOpen(!open);
  };
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const apply = (next: string) => {
    onApply(next.trim() || undefined);
    close();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  const onInputKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply(draft);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it
    <div
      className="cat-filter"
      ref={rootRef}
      onKeyDown={onKeyDown}
      // Tabbing out of the panel closes it, as clicking elsewhere does.
      onBlur={(e) => {
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className="cat-filter-trigger"
        data-active={value ? 'true' : undefined}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <span className="cat-filter-label">{value ? t('page.filter.current', { label, value }) : label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <fieldset id={panelId} className="cat-filter-panel">
          <legend className="visually-hidden">{label}</legend>
          <label htmlFor={inputId} className="cat-filter-field">
            {label}
          </label>
          <Input
            id={inputId}
            size="sm"
            autoFocus
            value={draft}
            inputMode={digits ? 'numeric' : undefined}
            maxLength={digits ?? 200}
            aria-describedby={hintId}
            placeholder={t('page.filter.search')}
            onChange={(e) => setDraft(digits ? e.target.value.replace(/\D/g, '') : e.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <p id={hintId} className="cat-filter-hint">
            {t(`page.filter.hint.${field}`)}
          </p>
          {search.length > 0 && (
            <div className="cat-filter-suggestions" aria-live="polite">
              {options.isFetching && !options.data ? (
                <p className="cat-filter-hint">{t('page.filter.searching')}</p>
              ) : options.data?.rows.length ? (
                <ul aria-label={t('page.filter.suggestions')}>
                  {options.data.rows.map((o) => (
                    <li key={o.value}>
                      <button type="button" className="cat-filter-option" onClick={() => apply(o.value)}>
                        {o.label}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : options.data ? (
                <p className="cat-filter-hint">{t('page.filter.noSuggestions')}</p>
              ) : null}
            </div>
          )}
          <div className="cat-filter-actions">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setDraft('');
                apply('');
              }}
            >
              {t('page.filter.reset')}
            </Button>
            <Button size="sm" onClick={() => apply(draft)}>
              {t('page.filter.apply')}
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
