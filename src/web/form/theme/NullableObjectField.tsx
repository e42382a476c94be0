import { getDefaultRegistry } from '@rjsf/core';
import { type FieldProps, getUiOptions } from '@rjsf/utils';
import { Button } from '../../ui';
import { useFormText } from './formText';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField;

/**
 * Objects marked `ui:options.nullable` stay null until the person adds them (operators reject an
 * unused block sent as {} — uz-edi.md §b strict rules), and go back to null when removed.
 */
export function NullableObjectField(props: FieldProps) {
  const { t, label } = useFormText();
  const options = getUiOptions(props.uiSchema);
  if (!options.nullable) return <DefaultObjectField {...props} />;
  const title = label(
    (options.title as string | undefined) ?? (props.schema.title as string | undefined) ?? props.name,
  );
  const { formData, onChange, fieldPathId, readonly, disabled } = props;
  if (formData === null || formData === undefined) {
    return (
      <div className="form-section form-section--empty" id={fieldPathId.$id}>
        <span className="form-section-title">{title}</span>
        {!readonly && !disabled && (
          <Button type="button" variant="secondary" size="sm" onClick={() => onChange({}, fieldPathId.path)}>
            {t('form:block.add', { title })}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="form-nullable">
      <DefaultObjectField {...props} />
      {!readonly && !disabled && (
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null, fieldPathId.path)}>
          {t('form:block.remove', { title })}
        </Button>
      )}
    </div>
  );
}
