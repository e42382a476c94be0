import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { formatDate, formatDecimal } from '../format';
import { type FormServices, pathOfId, useFormValue } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { districtOptions, type RegionKey, regionOptions } from '../widgets/regionData';

/**
 * The read-only registry (Formily's readPretty idea, form-engines.md §7.3): every widget name of
 * the editing theme maps to a component that renders text — no disabled inputs in view and print.
 */
function Text({ id, children }: { id: string; children: string }) {
  return (
    <span id={id} className={children ? 'view-value' : 'view-value view-value--empty'}>
      {children || '—'}
    </span>
  );
}

function PlainView({ id, value }: WidgetProps) {
  return <Text id={id}>{value === undefined || value === null ? '' : String(value)}</Text>;
}

function DateView({ id, value }: WidgetProps) {
  const { lang } = useFormText();
  return <Text id={id}>{formatDate(value, lang)}</Text>;
}

function DecimalView({ id, value, options }: WidgetProps & { scale?: number }) {
  const { lang } = useFormText();
  const scale = options.scale as number | undefined;
  return (
    <Text id={id}>
      {typeof value === 'number' || typeof value === 'string' ? formatDecimal(value, lang, scale) : ''}
    </Text>
  );
}

function MoneyView(props: WidgetProps) {
  return <DecimalView {...props} options={{ ...props.options, scale: 2 }} />;
}

function SelectView({ id, value, options }: WidgetProps) {
  const { label } = useFormText();
  const option = options.enumOptions?.find((o) => o.value === value);
  return <Text id={id}>{option && value !== null ? label(String(option.label)) : ''}</Text>;
}

function CheckboxView({ id, value, label, schema }: WidgetProps) {
  const { t, label: labelOf } = useFormText();
  return (
    <span id={id} className="view-value">
      {labelOf(label || (schema.title as string | undefined))}: {value ? t('form:yes') : t('form:no')}
    </span>
  );
}

function PhoneView({ id, value }: WidgetProps) {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  const m = /^998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return <Text id={id}>{m ? `+998 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : String(value ?? '')}</Text>;
}

function RegionView({ id, value, options }: WidgetProps) {
  const { lang } = useFormText();
  const item = regionOptions(lang, (options.valueKey as RegionKey | undefined) ?? 'tax_region_id').find(
    (r) => r.value === Number(value),
  );
  return <Text id={id}>{item?.label ?? (value === undefined || value === null ? '' : String(value))}</Text>;
}

function DistrictView({ id, value, options, registry }: WidgetProps) {
  const { lang } = useFormText();
  const services = registry.formContext as FormServices | undefined;
  const region = useFormValue(services, [
    ...pathOfId(id).slice(0, -1),
    (options.regionField as string | undefined) ?? 'regionId',
  ]);
  const item = districtOptions(
    lang,
    region,
    (options.regionKey as RegionKey | undefined) ?? 'tax_region_id',
    (options.valueKey as RegionKey | undefined) ?? 'soato',
  ).find((d) => d.value === Number(value));
  return <Text id={id}>{item?.label ?? (value === undefined || value === null ? '' : String(value))}</Text>;
}

function HiddenView() {
  return null;
}

function PasswordView({ id }: WidgetProps) {
  return <Text id={id}>••••••••</Text>;
}

export const viewWidgets: RegistryWidgetsType = {
  TextWidget: PlainView,
  BaseInput: PlainView,
  text: PlainView,
  textarea: PlainView,
  TextareaWidget: PlainView,
  hidden: HiddenView,
  HiddenWidget: HiddenView,
  select: SelectView,
  SelectWidget: SelectView,
  RadioWidget: SelectView,
  checkbox: CheckboxView,
  CheckboxWidget: CheckboxView,
  date: DateView,
  money: MoneyView,
  count: DecimalView,
  UpDownWidget: DecimalView,
  phone: PhoneView,
  tinLookup: PlainView,
  classifier: PlainView,
  package: PlainView,
  region: RegionView,
  district: DistrictView,
  measure: PlainView,
  country: PlainView,
  bank: PlainView,
  password: PasswordView,
  PasswordWidget: PasswordView,
};
