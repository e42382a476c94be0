import type { WidgetProps } from '@rjsf/utils';
import { Textarea } from '../../ui';
import { useWidgetAria } from './a11y';

export function TextareaWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, schema } = props;
  const aria = useWidgetAria(props);
  return (
    <Textarea
      id={id}
      {...aria}
      rows={(options.rows as number | undefined) ?? 2}
      value={value ?? ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
