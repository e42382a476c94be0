import type { WidgetProps } from '@rjsf/utils';
import { type District, type Region, useDistricts, useRegions } from '../../api/reference';
import { Input, Select } from '../../ui';
import { type FormServices, pathOfId, useFormValue } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';

// Region and district of an address, from the Regions and InvoiceItem APIs (the bundled lists of
// data/ as the server holds them).

/** Which id a region/district field stores: the tax authority's region id or the SOATO code. */
export type RegionKey = 'tax_region_id' | 'soato';

function toStored(raw: string, schemaType: unknown): unknown {
  if (raw === '') return undefined;
  const types = Array.isArray(schemaType) ? schemaType : [schemaType];
  return types.includes('integer') || types.includes('number') ? Number(raw) : raw;
}

const regionValue = (r: Region, key: RegionKey) => (key === 'soato' ? r.soato : r.id);

/** The options, keeping a stored value the list does not (yet) hold visible instead of blank. */
function withCurrent(options: Array<{ value: string; label: string }>, value: unknown) {
  const current = value === undefined || value === null || value === '' ? '' : String(value);
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}

/** Region of Uzbekistan; stores the tax region id unless ui:options.valueKey says soato. */
export function RegionWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, schema } = props;
  const { label, lang } = useFormText();
  const aria = useWidgetAria(props);
  const regions = useRegions(lang);
  const key = (options.valueKey as RegionKey | undefined) ?? 'tax_region_id';
  const items = (regions.data ?? []).map((r) => ({ value: String(regionValue(r, key)), label: r.name }));
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      aria-busy={regions.isLoading || undefined}
      placeholder={label('form:choose')}
      options={withCurrent(items, value)}
      onChange={(event) => onChange(toStored(event.target.value, schema.type) ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** The districts of the region a field holds (by tax region id or SOATO). */
export function districtsOf(
  regions: Region[],
  districts: District[],
  region: unknown,
  regionKey: RegionKey,
): District[] {
  const parent = regions.find((r) => regionValue(r, regionKey) === Number(region));
  return parent ? districts.filter((d) => d.regionId === parent.id) : [];
}

/**
 * District of the region chosen in the sibling field (ui:options.regionField, or .region, default
 * regionId); stores the SOATO code, or with ui:options.valueKey "districtId" the invoice party's
 * DistrictId ("2606", only districts whose tax code is public).
 */
export function DistrictWidget(props: WidgetProps) {
  if (props.options.anyRegion) return <DistrictCodeInput {...props} />;
  return <DistrictOfRegion {...props} />;
}

/** The invoice party's DistrictId as the operators' JSON carries it ("2606"), from any region. */
export function districtCodeSuggestions(regions: Region[], districts: District[]) {
  const regionName = new Map(regions.map((r) => [r.id, r.name]));
  return districts
    .filter((d) => d.districtId)
    .map((d) => ({ value: d.districtId as string, label: `${d.name}, ${regionName.get(d.regionId) ?? ''}` }));
}

/**
 * A party without a region field (the invoice's Seller and Buyer): the code is typed or filled by
 * the TIN look-up, and the districts whose tax code is public are offered as suggestions by name.
 * Free entry stays: the tax codes of most regions are not published (data/tax_district_codes_*).
 */
function DistrictCodeInput(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, schema } = props;
  const { lang } = useFormText();
  const aria = useWidgetAria(props);
  const regions = useRegions(lang);
  const districts = useDistricts(lang);
  const suggestions = districtCodeSuggestions(regions.data ?? [], districts.data ?? []);
  const listId = `${id}__districts`;
  const known = suggestions.find((s) => s.value === String(value ?? ''));
  return (
    <>
      <Input
        id={id}
        {...inputLook(options)}
        {...aria}
        list={listId}
        inputMode="numeric"
        autoComplete="off"
        value={value === undefined || value === null ? '' : String(value)}
        required={required}
        disabled={disabled || readonly}
        readOnly={readonly}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s.value} value={s.value} label={s.label} />
        ))}
      </datalist>
      {known && (
        <span className="muted" data-testid="district-name">
          {known.label}
        </span>
      )}
    </>
  );
}

function DistrictOfRegion(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, schema, registry } =
    props;
  const { label, lang } = useFormText();
  const aria = useWidgetAria(props);
  const services = registry.formContext as FormServices | undefined;
  const regionField =
    (options.regionField as string | undefined) ?? (options.region as string | undefined) ?? 'regionId';
  const region = useFormValue(services, [...pathOfId(id).slice(0, -1), regionField]);
  const regions = useRegions(lang);
  const districts = useDistricts(lang);
  const byDistrictId = options.valueKey === 'districtId';
  const items = districtsOf(
    regions.data ?? [],
    districts.data ?? [],
    region,
    (options.regionKey as RegionKey | undefined) ?? 'tax_region_id',
  )
    .filter((d) => !byDistrictId || d.districtId)
    .map((d) => ({ value: String(byDistrictId ? d.districtId : d.soato), label: d.name }));
  const loading = regions.isLoading || districts.isLoading;
  return (
    <Select
      id={id}
      {...inputLook(options)}
      {...aria}
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly || (!loading && items.length === 0)}
      aria-busy={loading || undefined}
      placeholder={items.length === 0 && !loading ? label('form:chooseRegionFirst') : label('form:choose')}
      options={withCurrent(items, value)}
      onChange={(event) => onChange(toStored(event.target.value, schema.type) ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
