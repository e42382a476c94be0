import type { FieldTemplateProps } from '@rjsf/utils';
import { useFormText } from '../theme/formText';

/** A label/value pair; containers pass through (their ObjectFieldTemplate draws the section); false flags are left out. */
export function ViewFieldTemplate(props: FieldTemplateProps) {
  const { label, children, displayLabel, hidden, schema, uiSchema, classNames, id, formData } = props;
  const { label: labelOf } = useFormText();
  if (hidden) return null;
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  // A flag that is not set says nothing the reader needs ("Есть акциз: Нет" seven times): only a
  // set flag is shown, as the flag's name.
  if (type === 'boolean' && formData !== true) return null;
  if (type === 'object' || uiSchema?.['ui:field'] || (type === 'array' && !uiSchema?.['ui:field'])) {
    return (
      <div className={['view-node', 'form-node--wide', classNames].filter(Boolean).join(' ')}>
        {uiSchema?.['ui:field'] && displayLabel && label && (
          <h3 className="form-section-title">{labelOf(label)}</h3>
        )}
        {children}
      </div>
    );
  }
  return (
    <div className="view-item">
      {displayLabel && (
        <span className="view-label" id={`${id}__label`}>
          {labelOf(label)}
        </span>
      )}
      {children}
    </div>
  );
}
