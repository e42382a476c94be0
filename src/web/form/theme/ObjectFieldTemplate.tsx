import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
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

const isFilled = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  value !== false;

/**
 * The root's rare blocks (ui:options.rare: original invoice, empowerment, rent, …) wait behind one
 * "More details" switch at the end, open by itself when one of them holds data or an error.
 */
function RareBlocks({
  properties,
  formData,
  errorSchema,
}: {
  properties: Property[];
  formData: Record<string, unknown>;
  errorSchema: Record<string, unknown>;
}) {
  const { t, label } = useFormText();
  const [opened, setOpened] = useState(false);
  const needed = properties.some((p) => isFilled(formData[p.name]) || errorSchema[p.name] !== undefined);
  const open = opened || needed;
  const names = properties
    .map((p) => {
      const schema = (p.content.props as { schema?: RJSFSchema } | undefined)?.schema;
      return label(typeof schema?.title === 'string' ? schema.title : p.name);
    })
    .join(', ');
  return (
    <section className="form-rare" data-open={open || undefined}>
      <button
        type="button"
        className="form-rare-toggle"
        aria-expanded={open}
        disabled={needed}
        onClick={() => setOpened(!opened)}
      >
        <span className="form-rare-title">{t('rare.title')}</span>
        <span className="form-rare-names">{names}</span>
      </button>
      <div className="form-root" hidden={!open}>
        {properties.map((p) => (
          <div key={p.name} className="form-cell">
            {p.content}
          </div>
        ))}
      </div>
    </section>
  );
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
  const rareNames = isRoot ? (uiSchema?.['ui:options']?.rare as string[] | undefined) : undefined;
  const rare = rareNames ? shown.filter((p) => rareNames.includes(p.name)) : [];
  const main = rare.length ? shown.filter((p) => !rareNames?.includes(p.name)) : shown;
  const body = (
    <>
      <div className={isRoot ? 'form-root' : 'form-grid'} aria-busy={restMounted ? undefined : true}>
        {main.map((p) => (
          <div key={p.name} className="form-cell">
            {p.content}
          </div>
        ))}
        {/* Keeps the page as tall as a screen while the rest mounts (no jump of the submit button). */}
        {!restMounted && <div className="form-pending" aria-hidden="true" />}
      </div>
      {rare.length > 0 && (
        <RareBlocks
          properties={rare}
          formData={(props.formData ?? {}) as Record<string, unknown>}
          errorSchema={(props.errorSchema ?? {}) as Record<string, unknown>}
        />
      )}
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
