import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { Select } from '../../ui';
import { labelText } from '../theme/labels';
import { inputLook, useWidgetAria } from './a11y';

/** Enum choice; option names are i18n keys from ui:enumNames (RJSF gives them as enumOptions labels). */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const { t } = useTranslation(['forms', 'form']);
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
      <option value="">{t('form:choose')}</option>
      {enumOptions.map((option, i) =>
        option.value === null ? null : (
          <option key={String(option.value)} value={String(i)}>
            {labelText(t, String(option.label))}
          </option>
        ),
      )}
    </Select>
  );
}
