import type { WidgetProps } from '@rjsf/utils';
import { Input } from '../../ui';
import { formatDecimal } from '../format';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';

/**
 * A computed amount shown read-only (a goods group's "Итого стоимость поставки"): as money, grouped
 * with two decimals, not as the stored JSON number. The NumberField hands the number over, or its
 * text with the browser's decimal separator.
 */
function readonlyAmount(value: unknown, schema: WidgetProps['schema']): number | null {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('number') || (schema as { decimalPlaces?: number }).decimalPlaces !== 2) return null;
  const amount = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
}

/** Plain text (and the BaseInputTemplate): the ui kit Input; '' is stored as "absent". */
export function TextWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    options,
    onChange,
    onBlur,
    onFocus,
    schema,
    type,
  } = props;
  const aria = useWidgetAria(props);
  const { lang } = useFormText();
  const inputType = (type as string | undefined) ?? (options.inputType as string | undefined) ?? 'text';
  const amount = readonly ? readonlyAmount(value, schema) : null;
  return (
    <Input
      id={id}
      name={props.htmlName ?? id}
      type={inputType}
      {...inputLook(options)}
      {...aria}
      value={amount !== null ? formatDecimal(amount, lang, 2) : (value ?? '')}
      required={required}
      disabled={disabled || readonly}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      autoComplete={(options.autocomplete as string | undefined) ?? 'off'}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export function PasswordWidget(props: WidgetProps) {
  return (
    <TextWidget
      {...props}
      type="password"
      options={{ ...props.options, autocomplete: props.options.autocomplete ?? 'current-password' }}
    />
  );
}

export function HiddenWidget({ id, value }: WidgetProps) {
  return <input type="hidden" id={id} value={value ?? ''} />;
}
