import type { WidgetProps } from '@rjsf/utils';
import { parseLocalDate } from '../format';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { DateInput } from './DateInput';

/**
 * A day typed in the locale's format (ru DD.MM.YYYY, uz DD/MM/YYYY, en MM/DD/YYYY), stored as
 * yyyy-MM-dd. While incomplete or not a real day, the typed text is stored as is, so the isoDate
 * rule reports it instead of the form silently dropping it.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const { lang } = useFormText();
  const aria = useWidgetAria(props);
  return (
    <DateInput
      id={id}
      lang={lang}
      value={value}
      onText={(masked) => {
        if (masked === '') return onChange(options.emptyValue);
        onChange(parseLocalDate(masked, lang) ?? masked);
      }}
      {...inputLook(options)}
      {...aria}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
