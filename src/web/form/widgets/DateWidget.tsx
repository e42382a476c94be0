import type { WidgetProps } from '@rjsf/utils';
import { Input } from '../../ui';
import { DATE_FORMATS, formatDate, parseLocalDate } from '../format';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { useMask } from './useMask';

const PLACEHOLDERS = { ru: 'ДД.ММ.ГГГГ', uz: 'KK/OO/YYYY', en: 'MM/DD/YYYY' } as const;

/**
 * A day typed in the locale's format (ru DD.MM.YYYY, uz DD/MM/YYYY, en MM/DD/YYYY), stored as
 * yyyy-MM-dd. While incomplete or not a real day, the typed text is stored as is, so the isoDate
 * rule reports it instead of the form silently dropping it.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const { lang } = useFormText();
  const aria = useWidgetAria(props);
  const separator = DATE_FORMATS[lang].charAt(2);
  // The resting text is the stored day in the locale's format: the mask is built on first focus.
  const ref = useMask(
    { mask: `00${separator}00${separator}0000` },
    formatDate(value, lang),
    (masked) => {
      if (masked === '') return onChange(options.emptyValue);
      onChange(parseLocalDate(masked, lang) ?? masked);
    },
    { attachOnFocus: true },
  );
  return (
    <Input
      ref={ref}
      id={id}
      {...inputLook(options)}
      {...aria}
      inputMode="numeric"
      autoComplete="off"
      placeholder={PLACEHOLDERS[lang]}
      aria-description={DATE_FORMATS[lang]}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      defaultValue={formatDate(value, lang)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
