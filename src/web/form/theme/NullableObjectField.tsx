import { getDefaultRegistry } from '@rjsf/core';
import { type FieldProps, getUiOptions } from '@rjsf/utils';
import { Button } from '../../ui';
import { useFormText } from './formText';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField;

/** A block the person may leave out: its schema takes null, or its UI schema says so. */
function isNullable(props: FieldProps, options: Record<string, unknown>): boolean {
  if (typeof options.nullable === 'boolean') return options.nullable;
  const type = props.schema.type;
  return Array.isArray(type) && type.includes('null');
}

/**
 * Blocks that may be null (the schema's `type` takes null, or `ui:options.nullable`) stay null until
 * the person adds them (operators reject an unused block sent as {} — uz-edi.md §b strict rules),
 * and go back to null when removed. A block nobody added is sent as null (engine/nullBlocks.ts).
 */
export function NullableObjectField(props: FieldProps) {
  const { t, label } = useFormText();
  const options = getUiOptions(props.uiSchema);
  if (!isNullable(props, options)) return <DefaultObjectField {...props} />;
  const title = label(
    (options.title as string | undefined) ?? (props.schema.title as string | undefined) ?? props.name,
  );
  const { formData, onChange, fieldPathId, readonly, disabled } = props;
  if (formData === null || formData === undefined) {
    // Read-only (a document's view), a block nobody added has nothing to show: no empty frame.
    if (readonly) return null;
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
