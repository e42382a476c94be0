import { type ArrayFieldTemplateProps, buttonId, getTemplate, getUiOptions } from '@rjsf/utils';
import { cloneElement, type ReactElement } from 'react';
import { useFormText } from './formText';
import './arrays.css';

/** What RJSF's ArrayField hands the template per item (its ArrayFieldItem element). */
type ItemElement = ReactElement<{ index: number; title?: string }>;

/**
 * Arrays drawn with RJSF's own fields (WaybillLocalIds, a contract's Parts, a waybill's
 * ProductGroups; the product table is a field of its own): a section like an object's, with the
 * title and description in the person's language, and an Add button while editing. RJSF titles the
 * items "<array title key>-<n>", which no text has: each item gets "<array title>, № n" instead.
 * Read-only (view) draws no buttons, and "—" for an empty list, as for any empty value.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    canAdd,
    className,
    disabled,
    fieldPathId,
    uiSchema,
    items,
    optionalDataControl,
    onAddClick,
    readonly,
    registry,
    required,
    schema,
    title,
  } = props;
  const { t, label } = useFormText();
  const uiOptions = getUiOptions(uiSchema);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const editable = !readonly && !disabled;
  const titleKey = (uiOptions.title as string | undefined) || title;
  const arrayTitle = label(titleKey);
  return (
    <fieldset
      className={['form-section', 'form-array', className].filter(Boolean).join(' ')}
      id={fieldPathId.$id}
    >
      <ArrayFieldTitleTemplate
        fieldPathId={fieldPathId}
        title={titleKey}
        // The key must be there, but an empty list is a valid answer: no asterisk unless items are;
        // none when reading (the view marks nothing to fill).
        required={!readonly && required && (schema.minItems ?? 0) > 0}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        optionalDataControl={editable ? optionalDataControl : undefined}
      />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={(uiOptions.description as string | undefined) || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {!editable && optionalDataControl}
      {items.length > 0 ? (
        <div className="form-array-items">
          {(items as ItemElement[]).map((item) =>
            cloneElement(item, {
              title: arrayTitle
                ? t('form:arrayItem', { title: arrayTitle, n: item.props.index + 1 })
                : undefined,
            }),
          )}
        </div>
      ) : (
        readonly && <p className="view-value view-value--empty">—</p>
      )}
      {canAdd && !readonly && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
