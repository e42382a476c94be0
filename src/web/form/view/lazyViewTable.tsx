import type { FieldProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

// The view's goods table reads the print model (engine/print): its own chunk, loaded only by a
// document view that has a table, never by the editing forms.
const ViewProductTable = lazy(() =>
  import('./ViewProductTable').then((module) => ({ default: module.ViewProductTable })),
);

/** The RJSF field registered as `productTable` in view mode. */
export function LazyViewProductTable(props: FieldProps) {
  return (
    <Suspense fallback={<div className="pt-loading" aria-busy="true" />}>
      <ViewProductTable {...props} />
    </Suspense>
  );
}
