import type { WidgetProps } from '@rjsf/utils';
import { Input } from '../../ui';
import { parseDecimalInput } from '../engine';
import { decimalSeparator, formatDecimal } from '../format';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { useMask } from './useMask';

function DecimalWidget(props: WidgetProps & { scale: number }) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, schema, scale } =
    props;
  const { lang } = useFormText();
  const aria = useWidgetAria(props);
  const radix = decimalSeparator(lang);
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  // Shown with the locale's radix, no grouping while the number is a stored JSON number.
  const display = value === undefined || value === null ? '' : String(value).replace('.', radix);
  const ref = useMask(
    {
      mask: Number,
      scale,
      radix,
      mapToRadix: ['.', ','],
      thousandsSeparator: lang === 'en' ? ',' : ' ',
      normalizeZeros: false,
      padFractionalZeros: false,
      min: min !== undefined && min >= 0 ? 0 : undefined,
    },
    display,
    (_masked, unmasked) => {
      if (unmasked === '') return onChange(options.emptyValue);
      const number = parseDecimalInput(unmasked);
      onChange(number === null ? unmasked : number);
    },
  );
  // Read only (a computed total): shown as money, grouped with its decimals, never edited.
  if (readonly && typeof value === 'number')
    return (
      <Input
        id={id}
        {...inputLook(options)}
        {...aria}
        className="input-number"
        required={required}
        disabled={disabled}
        readOnly
        value={formatDecimal(value, lang, scale === 2 ? 2 : undefined)}
      />
    );
  return (
    <Input
      ref={ref}
      id={id}
      {...inputLook(options)}
      {...aria}
      className="input-number"
      inputMode="decimal"
      autoComplete="off"
      required={required}
      disabled={disabled}
      readOnly={readonly}
      defaultValue={display}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** Money: scale 2, comma decimal separator in ru/uz (spec §9); stored as an exact JSON number. */
export function MoneyWidget(props: WidgetProps) {
  return <DecimalWidget {...props} scale={2} />;
}

/** Quantity: up to 6 decimals. */
export function CountWidget(props: WidgetProps) {
  return <DecimalWidget {...props} scale={6} />;
}
