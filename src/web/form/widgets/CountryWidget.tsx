import type { WidgetProps } from '@rjsf/utils';
import { type Country, useCountries } from '../../api/reference';
import { Select } from '../../ui';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';

type CountryKey = 'code' | 'alpha3' | 'numeric';

/**
 * Country (GET InvoiceItem/getCountryList), named in the person's language. Stores the ISO alpha-2
 * code unless ui:options.valueKey says alpha3 or numeric (which code system a national field wants
 * is the schema's decision, see data/countries.source.md).
 */
export function CountryWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, schema } = props;
  const { label, lang } = useFormText();
  const aria = useWidgetAria(props);
  const countries = useCountries(lang);
  const key = ((options.valueKey as string | undefined) === 'alpha2' ? 'code' : options.valueKey) as
    | CountryKey
    | undefined;
  const stored = (c: Country) => c[key ?? 'code'];
  const current = value === undefined || value === null ? '' : String(value);
  const items = (countries.data ?? []).map((c) => ({ value: stored(c), label: c.name }));
  if (current && !items.some((i) => i.value === current)) items.push({ value: current, label: current });
  const numeric = [schema.type].flat().includes('integer');
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      value={current}
      required={required}
      disabled={disabled || readonly}
      aria-busy={countries.isLoading || undefined}
      placeholder={label('form:choose')}
      options={items}
      onChange={(event) => {
        const raw = event.target.value;
        onChange(raw === '' ? options.emptyValue : numeric ? Number(raw) : raw);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
