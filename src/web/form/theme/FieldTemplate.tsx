import type { FieldTemplateProps } from '@rjsf/utils';
import { FormItem } from '../../ui';
import { type FormServices, useErrorsShown } from './formContext';
import { useFormText } from './formText';

/**
 * The form-item wrapper of spec §5: label, required asterisk, one inline error (the first failing
 * rule of the field), hidden until the field was left or the form submitted.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    required,
    rawErrors,
    children,
    displayLabel,
    hidden,
    schema,
    registry,
    classNames,
    uiSchema,
  } = props;
  const { label: labelOf } = useFormText();
  const services = registry.formContext as FormServices | undefined;
  const shown = useErrorsShown(services, id);
  if (hidden) return <div hidden>{children}</div>;
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const isContainer = type === 'object' || (type === 'array' && !uiSchema?.['ui:field']);
  const error = rawErrors?.find(Boolean) ?? null;
  if (isContainer) {
    return (
      <div className={['form-node', classNames].filter(Boolean).join(' ')}>
        {children}
        {shown && error && (
          <p className="form-item-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (uiSchema?.['ui:field']) {
    // Custom fields (the product table) label themselves.
    return (
      <div className={['form-node', 'form-node--wide', classNames].filter(Boolean).join(' ')}>
        {displayLabel && label && <h3 className="form-section-title">{labelOf(label)}</h3>}
        {children}
      </div>
    );
  }
  return (
    <FormItem
      htmlFor={id}
      label={displayLabel ? labelOf(label) : undefined}
      required={required}
      error={error}
      showError={shown}
      className={['form-node', classNames].filter(Boolean).join(' ')}
    >
      {children}
    </FormItem>
  );
}
