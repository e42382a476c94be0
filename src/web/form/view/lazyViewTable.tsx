import type { FieldProps } from '@rjsf/utils';
import { type ComponentType, Suspense, use } from 'react';

type ViewTable = ComponentType<FieldProps>;

let loaded: ViewTable | null = null;
let loading: Promise<ViewTable> | null = null;

/**
 * The view's goods table reads the print model (engine/print): its own chunk, never loaded by the
 * editing forms. A view-mode form with a table starts loading it with its first frame (DocumentForm).
 */
export function preloadViewTable(): Promise<ViewTable> {
  loading ??= import('./ViewProductTable').then((module) => {
    loaded = module.ViewProductTable;
    return loaded;
  });
  return loading;
}

function Loaded(props: FieldProps) {
  const Table = use(preloadViewTable());
  return <Table {...props} />;
}

/**
 * The RJSF field registered as `productTable` in view mode: the table once its chunk is there. Its
 * own boundary: while the chunk or the print texts load, only the table waits, not the whole form.
 */
export function LazyViewProductTable(props: FieldProps) {
  const Table = loaded;
  return (
    <Suspense fallback={<div className="pt-loading" aria-busy="true" />}>
      {Table ? <Table {...props} /> : <Loaded {...props} />}
    </Suspense>
  );
}
