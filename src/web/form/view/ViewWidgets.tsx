import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { knownName, type ReferenceList } from '../../../engine/reference/names';
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

/** Money by its schema (decimalPlaces 2) whichever widget the field names, numbers in the locale. */
function PlainView(props: WidgetProps) {
  const { id, value, schema } = props;
  if (typeof value === 'number' && (schema as { decimalPlaces?: number }).decimalPlaces === 2)
    return <MoneyView {...props} />;
  if (typeof value === 'number') return <DecimalView {...props} />;
  return <Text id={id}>{value === undefined || value === null ? '' : String(value)}</Text>;
}

function DateView({ id, value }: WidgetProps) {
  const { lang } = useFormText();
  return <Text id={id}>{formatDate(value, lang)}</Text>;
}

function DecimalView(props: WidgetProps) {
  const { id, value, options, schema } = props;
  const { lang } = useFormText();
  if (typeof value === 'number' && (schema as { decimalPlaces?: number }).decimalPlaces === 2)
    return <MoneyView {...props} />;
  const scale = options.scale as number | undefined;
  return (
    <Text id={id}>
      {typeof value === 'number' || typeof value === 'string' ? formatDecimal(value, lang, scale) : ''}
    </Text>
  );
}

/** Money: two decimals and the currency, "11 990,00 сум". */
function MoneyView({ id, value }: WidgetProps) {
  const { lang, t } = useFormText();
  const amount = typeof value === 'number' || typeof value === 'string' ? formatDecimal(value, lang, 2) : '';
  return <Text id={id}>{amount && t('form:money', { amount })}</Text>;
}

function SelectView({ id, value, options }: WidgetProps) {
  const { label } = useFormText();
  const option = options.enumOptions?.find((o) => o.value === value);
  return <Text id={id}>{option && value !== null ? label(String(option.label)) : ''}</Text>;
}

/** A set flag, by its name; a flag that is not set is not shown (ViewFieldTemplate leaves it out). */
function CheckboxView({ id, value, label, schema }: WidgetProps) {
  const { label: labelOf } = useFormText();
  if (value !== true) return null;
  return (
    <span id={id} className="view-value view-flag">
      {labelOf(label || (schema.title as string | undefined))}
    </span>
  );
}

function PhoneView({ id, value }: WidgetProps) {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  const m = /^998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return <Text id={id}>{m ? `+998 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : String(value ?? '')}</Text>;
}

const codeText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The name the document itself gives a code beside it: "districtCode" → "districtName", "RegionId"
 * → "RegionName" (the operators' JSON carries both). Read where no reference list knows the code.
 */
function useSiblingName(id: string, registry: WidgetProps['registry']): string {
  const services = registry.formContext as FormServices | undefined;
  const path = pathOfId(id);
  const field = String(path.at(-1) ?? '');
  const sibling = /(Code|Id)$/.test(field) ? field.replace(/(Code|Id)$/, 'Name') : '';
  const name = useFormValue(services, sibling ? [...path.slice(0, -1), sibling] : []);
  return sibling && typeof name === 'string' ? name : '';
}

/**
 * A reference code by its name (src/engine/reference/names.ts): the first list that knows it, else
 * the name the document gives beside it, else the code as it is (a list that does not know a code
 * must not hide it).
 */
function NamedCode({ id, value, registry, lists }: WidgetProps & { lists: ReferenceList[] }) {
  const { lang } = useFormText();
  const sibling = useSiblingName(id, registry);
  const code = codeText(value);
  const known = code ? lists.map((list) => knownName(list, code, lang)).find(Boolean) : null;
  return <Text id={id}>{code ? (known ?? (sibling || code)) : ''}</Text>;
}

function RegionView(props: WidgetProps) {
  const { lang } = useFormText();
  const key = (props.options.valueKey as RegionKey | undefined) ?? 'tax_region_id';
  const item = regionOptions(lang, key).find((r) => r.value === Number(props.value));
  if (item) return <Text id={props.id}>{item.label}</Text>;
  return <NamedCode {...props} lists={key === 'soato' ? ['regionsBySoato'] : ['regions']} />;
}

function DistrictView(props: WidgetProps) {
  const { id, value, options, registry } = props;
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
  if (item) return <Text id={id}>{item.label}</Text>;
  // The tax authority's district id ("2603": region 26, district 03) where the SOATO list has none.
  return <NamedCode {...props} lists={['districts', 'districtIds']} />;
}

function MeasureView(props: WidgetProps) {
  return <NamedCode {...props} lists={['measures']} />;
}

function CountryView(props: WidgetProps) {
  return <NamedCode {...props} lists={['countries']} />;
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
  rentContract: PlainView,
  classifier: PlainView,
  package: PlainView,
  region: RegionView,
  district: DistrictView,
  measure: MeasureView,
  country: CountryView,
  bank: PlainView,
  password: PasswordView,
  PasswordWidget: PasswordView,
};
