import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../api/documents';
import { DocumentForm } from '../../form/DocumentForm';
import { detachedLinePaths } from '../../form/detachedLines';
import { useFormKind } from '../../form/kinds';
import { Loading } from '../../ui';
import { MarkingCodes, markedLines } from './MarkingCodes';

const readPath = (data: unknown, path: readonly string[]) =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );

/** The document as its kind's form shows it in view mode, and its marking codes when it has any. */
export function DocumentBody({ document }: { document: DocumentView }) {
  const { t } = useTranslation('workspace');
  const definition = useFormKind(document.kind);
  if (!definition) return <Loading />;
  const lines = detachedLinePaths(definition.schema as never, definition.ui).flatMap((path) =>
    markedLines(readPath(document.content, path)),
  );
  return (
    <>
      <DocumentForm
        key={`${document.id}:${document.version}`}
        schema={definition.schema as never}
        uiSchema={definition.ui}
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
