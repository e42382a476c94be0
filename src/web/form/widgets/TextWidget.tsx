import type { WidgetProps } from '@rjsf/utils';
import { Input } from '../../ui';
import { inputLook, useWidgetAria } from './a11y';

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
  const inputType = (type as string | undefined) ?? (options.inputType as string | undefined) ?? 'text';
  return (
    <Input
      id={id}
      name={props.htmlName ?? id}
      type={inputType}
      {...inputLook(options)}
      {...aria}
      value={value ?? ''}
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
