import type { LoaderFunctionArgs } from 'react-router-dom';

/** The kind /newdoc opens when the address names none. */
export const DEFAULT_KIND = 'invoice';

/**
 * The /newdoc route's loader: starts the chosen kind (schema, precompiled validator, the form's
 * texts) beside the page's own chunk instead of after the page rendered. Nothing is awaited: the
 * page shows its loading state as before, the loads are simply under way sooner.
 */
export function preloadNewdocKind({ request }: LoaderFunctionArgs): null {
  const kind = new URL(request.url).searchParams.get('kind') ?? DEFAULT_KIND;
  import('../../form/kinds').then(
    ({ loadFormKind }) => loadFormKind(kind).catch(() => undefined),
    () => undefined,
  );
  return null;
}
