import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { isTextKey, useFormText } from './formText';

/**
 * Objects as sections: the root is a plain stack, nested objects are fieldsets with a legend (the
 * screen reader announces the section with each field), laid out in a responsive grid.
 */
export function ObjectFieldTemplate({
  title,
  properties,
  fieldPathId,
  uiSchema,
  description,
}: ObjectFieldTemplateProps) {
  const { label } = useFormText();
  const isRoot = fieldPathId.path.length === 0;
  const visible = properties.filter((p) => !p.hidden);
  const hidden = properties.filter((p) => p.hidden);
  const body = (
    <>
      <div className={isRoot ? 'form-root' : 'form-grid'}>
        {visible.map((p) => (
          <div key={p.name} className="form-cell">
            {p.content}
          </div>
        ))}
      </div>
      {hidden.map((p) => (
        <div key={p.name} hidden>
          {p.content}
        </div>
      ))}
    </>
  );
  if (isRoot) return body;
  const legend = label((uiSchema?.['ui:title'] as string | undefined) ?? title);
  return (
    <fieldset className="form-section" id={fieldPathId.$id}>
      {legend && <legend className="form-section-title">{legend}</legend>}
      {isTextKey(description) && <p className="muted">{label(description)}</p>}
      {body}
    </fieldset>
  );
}
