import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { labelText } from '../theme/labels';
import { useWidgetAria } from './a11y';

export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, onChange, onBlur, onFocus, schema } = props;
  const { t } = useTranslation(['forms', 'form']);
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
      <span>{labelText(t, label || (schema.title as string | undefined))}</span>
    </label>
  );
}
