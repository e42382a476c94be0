import type { WidgetProps } from '@rjsf/utils';
import { Input } from '../../ui';
import { inputLook, useWidgetAria } from './a11y';
import { useMask } from './useMask';

export const PHONE_MASK = '+{998} (00) 000-00-00';

/** "+998901234567" → "901234567": the mask supplies the fixed +998 itself. */
function digitsOf(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\D/g, '').replace(/^998/, '') : '';
}

/**
 * Masked phone +998 (00) 000-00-00 (spec §5, §9). Stored in international form "+998901234567",
 * which the phoneNumber rule parses without a default country.
 */
export function PhoneWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const aria = useWidgetAria(props);
  const ref = useMask(
    { mask: PHONE_MASK, lazy: false, placeholderChar: '_' },
    digitsOf(value),
    (_masked, unmasked) => {
      const digits = unmasked.replace(/\D/g, '');
      onChange(digits === '' || digits === '998' ? options.emptyValue : `+${digits}`);
    },
  );
  return (
    <Input
      ref={ref}
      id={id}
      type="tel"
      {...inputLook(options)}
      {...aria}
      inputMode="tel"
      autoComplete="tel"
      placeholder="+998 (90) 000-00-00"
      required={required}
      disabled={disabled}
      readOnly={readonly}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
