import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPrintLayout, printLayoutOf } from '../../../engine/print/layout';
import type { DocumentView } from '../../api/documents';
import { DocumentForm } from '../../form/DocumentForm';
import { detachedLinePaths } from '../../form/detachedLines';
import { useFormKind } from '../../form/kinds';
import { ViewedDocumentContext } from '../../form/view/viewedDocument';
import { Loading } from '../../ui';
import { MarkingCodes, markedLines } from './MarkingCodes';
import { viewUiSchema } from './viewOrder';

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
  const ui = useMemo(
    () =>
      definition && hasPrintLayout(definition.kind)
        ? viewUiSchema(definition.ui, definition.schema as never, printLayoutOf(definition.kind))
        : definition?.ui,
    [definition],
  );
  const viewed = useMemo(
    () => ({ kind: document.kind, content: document.content as Record<string, unknown> }),
    [document.kind, document.content],
  );
  if (!definition || !ui) return <Loading />;
  const lines = detachedLinePaths(definition.schema as never, definition.ui).flatMap((path) =>
    markedLines(readPath(document.content, path)),
  );
  return (
    <ViewedDocumentContext.Provider value={viewed}>
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
    </ViewedDocumentContext.Provider>
  );
}
