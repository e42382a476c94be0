import type { DescriptionFieldProps } from '@rjsf/utils';
import { isTextKey, useFormText } from './formText';

/**
 * A container's description (RJSF draws it for arrays, through ArrayFieldDescriptionTemplate). Only
 * an i18n key is shown, in the person's language: schema descriptions are otherwise notes for
 * developers in English (the same rule as the sections' in ObjectFieldTemplate).
 */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const { label } = useFormText();
  if (!isTextKey(description)) return null;
  return (
    <p id={id} className="muted">
      {label(description)}
    </p>
  );
}
