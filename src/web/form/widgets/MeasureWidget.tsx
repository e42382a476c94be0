import type { WidgetProps } from '@rjsf/utils';
import { useMeasures } from '../../api/reference';
import { Select } from '../../ui';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';

/** Unit of measurement (act lines' MeasureId): the ОКЕИ code chosen by name (GET InvoiceItem/getMeasureList). */
export function MeasureWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly } = props;
  const { label, lang } = useFormText();
  const aria = useWidgetAria(props);
  const measures = useMeasures(lang);
  const current = value === undefined || value === null ? '' : String(value);
  const items = (measures.data ?? []).map((m) => ({ value: m.code, label: `${m.name} (${m.shortName})` }));
  if (current && !items.some((i) => i.value === current)) items.push({ value: current, label: current });
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      value={current}
      required={required}
      disabled={disabled || readonly}
      aria-busy={measures.isLoading || undefined}
      placeholder={label('form:choose')}
      options={items}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
