import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLocalDate } from '../../form/format';
import { DateInput } from '../../form/widgets/DateInput';
import { asLocale } from '../format';

interface Props {
  label: string;
  /** yyyy-MM-dd */
  value: string | undefined;
  onChange(value: string | undefined): void;
  size?: 'sm' | 'md';
}

/**
 * A date filter: the forms' date field in the reader's locale. The filter changes when the typed day
 * is complete and real, or cleared; a half-typed day leaves it as it was.
 */
export function DateFilter({ label, value, onChange, size = 'sm' }: Props) {
  const { i18n } = useTranslation();
  const id = useId();
  const lang = asLocale(i18n.language);
  return (
    <div className="doc-filter">
      <label htmlFor={id} className="doc-filter-label">
        {label}
      </label>
      <DateInput
        // A new language rebuilds the mask with its separator and order.
        key={lang}
        id={id}
        size={size}
        lang={lang}
        value={value ?? ''}
        onText={(masked) => {
          if (masked === '') onChange(undefined);
          else {
            const day = parseLocalDate(masked, lang);
            if (day && day !== value) onChange(day);
          }
        }}
      />
    </div>
  );
}
