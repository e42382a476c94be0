import { useEffect, useId, useRef, useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { Input } from '../../ui';

/**
 * A text filter that applies itself 600 ms after the last key press (spec §9) or on Enter, and
 * follows the URL when it changes from elsewhere (Back, "clear filters").
 */
export function SearchField({
  label,
  value,
  onApply,
  placeholder,
  inputMode,
  maxLength = 200,
  digitsOnly,
}: {
  label: string;
  value: string | undefined;
  onApply(value: string | undefined): void;
  placeholder?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  digitsOnly?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? '');
  const applied = useRef(value ?? '');
  const onApplyRef = useRef(onApply);
  onApplyRef.current = onApply;

  // The URL changed without us (Back, clear): show what it says now.
  useEffect(() => {
    if ((value ?? '') !== applied.current) {
      applied.current = value ?? '';
      setDraft(value ?? '');
    }
  }, [value]);

  useEffect(() => {
    const next = draft.trim();
    if (next === applied.current) return;
    const timer = setTimeout(() => {
      // Enter may have applied it meanwhile.
      if (next === applied.current) return;
      applied.current = next;
      onApplyRef.current(next || undefined);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <div className="doc-filter">
      <label htmlFor={id} className="doc-filter-label">
        {label}
      </label>
      <Input
        id={id}
        size="sm"
        type="search"
        value={draft}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        onChange={(e) => setDraft(digitsOnly ? e.target.value.replace(/\D/g, '') : e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const next = draft.trim();
            applied.current = next;
            onApply(next || undefined);
          }
        }}
      />
    </div>
  );
}
