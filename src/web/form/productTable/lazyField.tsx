import type { FieldProps, UiSchema } from '@rjsf/utils';
import { type ComponentType, Suspense, use } from 'react';
import type { ProductRow } from '../engine';

type TableField = ComponentType<FieldProps<ProductRow[]>>;

let loaded: TableField | null = null;
let loading: Promise<TableField> | null = null;

/**
 * The product table's code (the virtualizer, paste and Excel import, the classifier picker) is its
 * own chunk: a form's first frame rarely shows the table (theme/progressiveMount.ts), so the chunk
 * loads beside that frame. DocumentForm starts it as soon as a form with a table mounts.
 */
export function preloadProductTable(): Promise<TableField> {
  loading ??= import('./ProductTableField').then((module) => {
    loaded = module.ProductTableField;
    return loaded;
  });
  return loading;
}

/** Whether a UI schema declares a product table anywhere (then the form preloads its chunk). */
export function hasProductTable(uiSchema: UiSchema | undefined): boolean {
  if (!uiSchema || typeof uiSchema !== 'object') return false;
  if (uiSchema['ui:field'] === 'productTable') return true;
  return Object.entries(uiSchema).some(
    ([key, value]) => !key.startsWith('ui:') && hasProductTable(value as UiSchema),
  );
}

function Loaded(props: FieldProps<ProductRow[]>) {
  const Field = use(preloadProductTable());
  return <Field {...props} />;
}

/** The RJSF field registered as `productTable`: the table itself once its chunk is there. */
export function LazyProductTableField(props: FieldProps<ProductRow[]>) {
  if (loaded) {
    const Field = loaded;
    return <Field {...props} />;
  }
  return (
    <Suspense fallback={<div className="pt-loading" aria-busy="true" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
