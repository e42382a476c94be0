import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { LazyProductTableField } from '../productTable/lazyField';
import { LazyViewProductTable } from '../view/lazyViewTable';
import { ViewFieldTemplate } from '../view/ViewFieldTemplate';
import { viewWidgets } from '../view/ViewWidgets';
import { BankWidget } from '../widgets/BankWidget';
import { CheckboxWidget } from '../widgets/CheckboxWidget';
import { ClassifierWidget, PackageWidget } from '../widgets/ClassifierWidget';
import { CountryWidget } from '../widgets/CountryWidget';
import { DateWidget } from '../widgets/DateWidget';
import { MeasureWidget } from '../widgets/MeasureWidget';
import { CountWidget, MoneyWidget } from '../widgets/NumberWidgets';
import { PhoneWidget } from '../widgets/PhoneWidget';
import { DistrictWidget, RegionWidget } from '../widgets/RegionWidgets';
import { RentContractWidget } from '../widgets/RentContractWidget';
import { SelectWidget } from '../widgets/SelectWidget';
import { TextareaWidget } from '../widgets/TextareaWidget';
import { HiddenWidget, PasswordWidget, TextWidget } from '../widgets/TextWidget';
import { TinLookupWidget } from '../widgets/TinLookupWidget';
import { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from './ArrayButtons';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { DescriptionFieldTemplate } from './DescriptionFieldTemplate';
import { ErrorListTemplate } from './ErrorListTemplate';
import { FieldTemplate } from './FieldTemplate';
import { NullableObjectField } from './NullableObjectField';
import { NumberField } from './NumberField';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { SubmitButton } from './SubmitButton';
import { TitleFieldTemplate } from './TitleFieldTemplate';

/**
 * The theme on the ui kit. Module-level constants: RJSF compares registries deeply on every render,
 * stable objects keep that cheap (form-engines.md §0.3). Names follow the engine's UI vocabulary
 * (src/engine/index.ts: widgets hidden, select, textarea, date, tinLookup, money, count, phone,
 * classifier, package, region, district, measure, country, bank, password, checkbox; field productTable).
 */
export const editWidgets: RegistryWidgetsType = {
  TextWidget,
  BaseInput: TextWidget,
  text: TextWidget,
  PasswordWidget,
  password: PasswordWidget,
  HiddenWidget,
  hidden: HiddenWidget,
  SelectWidget,
  select: SelectWidget,
  TextareaWidget,
  textarea: TextareaWidget,
  CheckboxWidget,
  checkbox: CheckboxWidget,
  date: DateWidget,
  money: MoneyWidget,
  count: CountWidget,
  UpDownWidget: MoneyWidget,
  phone: PhoneWidget,
  tinLookup: TinLookupWidget,
  rentContract: RentContractWidget,
  classifier: ClassifierWidget,
  package: PackageWidget,
  region: RegionWidget,
  district: DistrictWidget,
  measure: MeasureWidget,
  country: CountryWidget,
  bank: BankWidget,
};

export const fields: RegistryFieldsType = {
  productTable: LazyProductTableField,
  ObjectField: NullableObjectField,
  NumberField,
};

/** View mode: the goods table as the document reads (columns of its printed form, cards on a phone). */
export const viewFields: RegistryFieldsType = { ...fields, productTable: LazyViewProductTable };

/**
 * Templates that print a schema title or description: themed, so people read texts in their
 * language, never i18n keys or developer notes (RJSF's own print the schema text as it is).
 */
const textTemplates = {
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
} satisfies Partial<TemplatesType>;

export const editTemplates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ...textTemplates,
  ButtonTemplates: {
    SubmitButton,
    AddButton,
    CopyButton,
    MoveDownButton,
    MoveUpButton,
    RemoveButton,
  } as unknown as TemplatesType['ButtonTemplates'],
};

export const viewTemplates: Partial<TemplatesType> = {
  FieldTemplate: ViewFieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ...textTemplates,
};

export { viewWidgets };
