import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { isTextKey, useFormText } from './formText';
import { FIRST_FRAME_FIELDS, fieldWeight, useRestMounted } from './progressiveMount';

type Property = ObjectFieldTemplateProps['properties'][number];

/** How many of the root's visible properties the first frame mounts (at least one). */
function firstFrameCount(
  visible: readonly Property[],
  { schema, formData, registry }: Pick<ObjectFieldTemplateProps, 'schema' | 'formData' | 'registry'>,
): number {
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const data = (formData ?? {}) as Record<string, unknown>;
  const retrieve = (s: RJSFSchema, value?: unknown) => registry.schemaUtils.retrieveSchema(s, value as never);
  let fields = 0;
  for (let i = 0; i < visible.length; i++) {
    const name = visible[i].name;
    fields += fieldWeight(properties[name], data[name], retrieve);
    if (fields > FIRST_FRAME_FIELDS && i > 0) return i;
  }
  return visible.length;
}

/**
 * Objects as sections: the root is a plain stack, nested objects are fieldsets with a legend (the
 * screen reader announces the section with each field), laid out in a responsive grid. A long root
 * mounts its first screen in the first frame and the rest right after (theme/progressiveMount.ts).
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, properties, fieldPathId, uiSchema, description } = props;
  const { label } = useFormText();
  const isRoot = fieldPathId.path.length === 0;
  const visible = properties.filter((p) => !p.hidden);
  const hidden = properties.filter((p) => p.hidden);
  const firstFrame = isRoot ? firstFrameCount(visible, props) : visible.length;
  const restMounted = useRestMounted(firstFrame < visible.length);
  const shown = restMounted ? visible : visible.slice(0, firstFrame);
  const body = (
    <>
      <div className={isRoot ? 'form-root' : 'form-grid'} aria-busy={restMounted ? undefined : true}>
        {shown.map((p) => (
          <div key={p.name} className="form-cell">
            {p.content}
          </div>
        ))}
        {/* Keeps the page as tall as a screen while the rest mounts (no jump of the submit button). */}
        {!restMounted && <div className="form-pending" aria-hidden="true" />}
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
