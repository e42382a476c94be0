import { use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../api/documents';
import { DocumentForm } from '../../form/DocumentForm';
import { detachedLinePaths } from '../../form/detachedLines';
import { useFormKind } from '../../form/kinds';
import { Loading } from '../../ui';
import { MarkingCodes, markedLines } from './MarkingCodes';

// The view's goods tables and its field order (from the print layouts) are one chunk, loaded with the
// page's first render and not imported by the page itself: every chunk a page imports is listed in
// the app's entry (npm run size).
let viewChunk: Promise<typeof import('../../form/view/ViewProductTable')> | null = null;
const loadViewChunk = () => {
  viewChunk ??= import('../../form/view/ViewProductTable');
  return viewChunk;
};

const readPath = (data: unknown, path: readonly string[]) =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );

/**
 * The document as its kind's form shows it in view mode, read like the printed form (its parties in
 * the print layout's order, the goods tables with the printed form's columns), and its marking codes.
 */
export function DocumentBody({ document }: { document: DocumentView }) {
  const { t } = useTranslation('workspace');
  const definition = useFormKind(document.kind);
  const { viewUiSchemaOf } = use(loadViewChunk());
  const ui = useMemo(
    () => definition && viewUiSchemaOf(definition.kind, definition.ui, definition.schema as never),
    [definition, viewUiSchemaOf],
  );
  if (!definition || !ui) return <Loading />;
  const lines = detachedLinePaths(definition.schema as never, definition.ui).flatMap((path) =>
    markedLines(readPath(document.content, path)),
  );
  return (
    <>
      <DocumentForm
        key={`${document.id}:${document.version}`}
        schema={definition.schema as never}
        uiSchema={ui}
        mode="view"
        initialData={document.content}
        idPrefix="doc"
      />
      {lines.length > 0 && (
        <section className="doc-section" aria-labelledby="doc-marks-title">
          <h2 id="doc-marks-title">{t('view.markingCodes')}</h2>
          <MarkingCodes lines={lines} />
        </section>
      )}
    </>
  );
}
