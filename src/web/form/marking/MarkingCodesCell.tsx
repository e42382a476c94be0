import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { MarkingCodesEditor, type MarkingCodesEditorProps } from './MarkingCodesEditor';
import { codesAt, type Marks } from './markingState';

/**
 * A product-table cell for a line's marking codes: a button that says how many codes the line has and
 * opens the editor in a dialog (codes do not fit a cell). Read-only tables show the count only.
 */
export function MarkingCodesCell({
  label,
  readonly,
  invalid,
  buttonId,
  describedBy,
  ...editor
}: MarkingCodesEditorProps & {
  label: string;
  readonly?: boolean;
  invalid?: boolean;
  /** The cell's id: the button is what the keyboard focuses in the table. */
  buttonId?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation('marking');
  const [open, setOpen] = useState(false);
  const total = totalCodes(editor.value);
  const text = total || editor.value ? t('open', { count: total }) : t('openEmpty');
  if (readonly) return <span id={buttonId}>{total ? t('open', { count: total }) : ''}</span>;
  return (
    <>
      <Button
        variant={invalid || editor.errors?.length ? 'danger' : 'secondary'}
        aria-invalid={invalid || undefined}
        size="sm"
        id={buttonId}
        aria-describedby={describedBy}
        className="mk-cell-button"
        aria-label={`${text}, ${label}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {text}
      </Button>
      {/* The dialog is a portal inside the product table's React tree: its keys and pastes, once the
          dialog has handled them, stop here instead of reaching the table's own handlers. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a boundary for bubbling events, not a control */}
      <span className="mk-boundary" onKeyDown={stop} onPaste={stop} onInput={stop} onChange={stop}>
        <Modal
          open={open}
          title={`${t('title')} — ${label}`}
          onClose={() => setOpen(false)}
          actions={<Button onClick={() => setOpen(false)}>{t('done')}</Button>}
        >
          <MarkingCodesEditor {...editor} />
        </Modal>
      </span>
    </>
  );
}

const stop = (event: { stopPropagation(): void }) => event.stopPropagation();

export function totalCodes(marks: Marks | null | undefined): number {
  return (
    codesAt(marks, 'consumer').length + codesAt(marks, 'group').length + codesAt(marks, 'transport').length
  );
}
