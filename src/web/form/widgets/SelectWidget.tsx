import type { WidgetProps } from '@rjsf/utils';
import { Select } from '../../ui';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';

/** Enum choice; option names are i18n keys from ui:enumNames (RJSF gives them as enumOptions labels). */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const { label } = useFormText();
  const aria = useWidgetAria(props);
  const enumOptions = options.enumOptions ?? [];
  const index = enumOptions.findIndex((o) => o.value === value);
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      required={required}
      disabled={disabled || readonly}
      value={index < 0 ? '' : String(index)}
      onChange={(event) =>
        onChange(
          event.target.value === '' ? options.emptyValue : enumOptions[Number(event.target.value)]?.value,
        )
      }
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{label('form:choose')}</option>
      {enumOptions.map((option, i) =>
        option.value === null ? null : (
          <option key={String(option.value)} value={String(i)}>
            {label(String(option.label))}
          </option>
        ),
      )}
    </Select>
  );
}
