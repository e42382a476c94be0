import type { WidgetProps } from '@rjsf/utils';
import { useFormText } from '../theme/formText';
import { useWidgetAria } from './a11y';

export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, onChange, onBlur, onFocus, schema } = props;
  const { label: labelOf } = useFormText();
  const aria = useWidgetAria(props);
  return (
    <label className="checkbox" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        {...aria}
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>{labelOf(label || (schema.title as string | undefined))}</span>
    </label>
  );
}
