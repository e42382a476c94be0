import { type ArrayFieldItemTemplateProps, getTemplate, getUiOptions } from '@rjsf/utils';

/**
 * One item of an array drawn by ArrayFieldTemplate: the item's field and, while editing, its buttons
 * (move, copy, remove: theme/ArrayButtons.tsx). RJSF's own template lays them out with Bootstrap
 * grid classes, which mean nothing here; read-only (view) has no buttons.
 */
export function ArrayFieldItemTemplate({
  children,
  className,
  buttonsProps,
  hasToolbar,
  readonly,
  registry,
  uiSchema,
}: ArrayFieldItemTemplateProps) {
  const ArrayFieldItemButtonsTemplate = getTemplate(
    'ArrayFieldItemButtonsTemplate',
    registry,
    getUiOptions(uiSchema),
  );
  return (
    <div className={['form-array-item', className].filter(Boolean).join(' ')}>
      <div className="form-array-item-body">{children}</div>
      {hasToolbar && !readonly && (
        <div className="form-array-item-toolbar">
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </div>
      )}
    </div>
  );
}
