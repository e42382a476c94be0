import {
  asNumber,
  type FieldProps,
  getDecimalSeparator,
  getUiOptions,
  resolveDefaultWidget,
} from '@rjsf/utils';
import { useCallback, useState } from 'react';

// Same matchers as RJSF's NumberField.
const TRAILING_WITH_PREFIX = /\.([0-9]*0)*$/;
const TRAILING = /[0.]0*$/;

/** The browser locale's decimal separator, asked for once and only when a plain text input needs it. */
let separator: string | undefined;
const decimalSeparator = () => {
  separator ??= getDecimalSeparator();
  return separator;
};

/**
 * RJSF's NumberField with one change: it does not build an `Intl.NumberFormat` on every render to
 * learn the browser's decimal separator (the first one costs ~20–90 ms of ICU start-up, on the
 * first render of every form). Our number widgets (money, count, select, hidden) parse and format
 * by the app's language themselves and hand numbers over; the separator is only needed for the
 * built-in plain text input, so it is asked for there, lazily. Otherwise the same behaviour:
 * trailing decimal points and zeros stay visible while typed and are not stored.
 */
export function NumberField(props: FieldProps) {
  const { registry, onChange, formData, value: initialValue } = props;
  const [lastValue, setLastValue] = useState<unknown>(initialValue);
  const { StringField } = registry.fields;

  const handleChange = useCallback<FieldProps['onChange']>(
    (newValue, path, errorSchema, id) => {
      setLastValue(newValue);
      const standard = typeof newValue === 'string' ? newValue.replace(decimalSeparator(), '.') : newValue;
      const normalized = `${standard}`.startsWith('.') ? `0${standard}` : standard;
      const processed =
        typeof normalized === 'string' && TRAILING_WITH_PREFIX.exec(normalized)
          ? asNumber(normalized.replace(TRAILING, ''))
          : asNumber(normalized as string);
      onChange(processed, path, errorSchema, id);
    },
    [onChange],
  );

  let value: unknown = formData;
  if (typeof lastValue === 'string' && typeof value === 'number') {
    const canonical = lastValue.replace(decimalSeparator(), '.');
    const escaped = String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`^(${escaped})?\\.?0*$`).test(canonical)) value = lastValue;
  }
  // Only the built-in text widget shows the number as text in the browser's locale.
  if (typeof value === 'number') {
    const { schema, uiSchema } = props;
    const { defaultWidget } = resolveDefaultWidget(schema, uiSchema, registry.schemaUtils, registry.widgets);
    const { widget = defaultWidget, inputType } = getUiOptions(uiSchema);
    if (widget === 'text' && inputType !== 'number' && decimalSeparator() !== '.')
      value = String(value).replace('.', decimalSeparator());
  }
  return <StringField {...props} formData={value} onChange={handleChange} />;
}
