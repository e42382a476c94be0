import type { TitleFieldProps } from '@rjsf/utils';
import { useFormText } from './formText';

/**
 * A container's title (RJSF draws it for arrays, through ArrayFieldTitleTemplate): the schema title
 * is an i18n key ("forms:invoice.WaybillLocalIds"), shown in the person's language. A legend, as the
 * sections' (ObjectFieldTemplate): the screen reader announces it with each field of the group.
 */
export function TitleFieldTemplate({ id, title, required, optionalDataControl }: TitleFieldProps) {
  const { label } = useFormText();
  return (
    <legend id={id} className="form-section-title">
      {label(title)}
      {required && (
        <span className="form-item-required" aria-hidden="true">
          *
        </span>
      )}
      {optionalDataControl}
    </legend>
  );
}
