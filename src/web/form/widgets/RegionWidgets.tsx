import type { WidgetProps } from '@rjsf/utils';
import { Select } from '../../ui';
import { type FormServices, pathOfId, useFormValue } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { districtOptions, type RegionKey, regionOptions } from './regionData';

function toStored(raw: string, schemaType: unknown): unknown {
  if (raw === '') return undefined;
  const types = Array.isArray(schemaType) ? schemaType : [schemaType];
  return types.includes('integer') || types.includes('number') ? Number(raw) : raw;
}

/** Region of Uzbekistan from data/regions.json; stores the tax region id unless ui:options.valueKey says soato. */
export function RegionWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, schema } = props;
  const { label, lang } = useFormText();
  const aria = useWidgetAria(props);
  const items = regionOptions(lang, (options.valueKey as RegionKey | undefined) ?? 'tax_region_id');
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      placeholder={label('form:choose')}
      options={items.map((item) => ({ value: String(item.value), label: item.label }))}
      onChange={(event) => onChange(toStored(event.target.value, schema.type) ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/**
 * District of the region chosen in the sibling field (ui:options.regionField, default regionId);
 * stores the SOATO code unless ui:options.valueKey says otherwise.
 */
export function DistrictWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, schema, registry } =
    props;
  const { label, lang } = useFormText();
  const aria = useWidgetAria(props);
  const services = registry.formContext as FormServices | undefined;
  const regionPath = [
    ...pathOfId(id).slice(0, -1),
    (options.regionField as string | undefined) ?? 'regionId',
  ];
  const region = useFormValue(services, regionPath);
  const items = districtOptions(
    lang,
    region,
    (options.regionKey as RegionKey | undefined) ?? 'tax_region_id',
    (options.valueKey as RegionKey | undefined) ?? 'soato',
  );
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly || items.length === 0}
      placeholder={items.length === 0 ? label('form:chooseRegionFirst') : label('form:choose')}
      options={items.map((item) => ({ value: String(item.value), label: item.label }))}
      onChange={(event) => onChange(toStored(event.target.value, schema.type) ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
