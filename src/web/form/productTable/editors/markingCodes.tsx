import { useContext, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkingDocumentContext } from '../../marking/documentKind';
import { MarkingCodesCell } from '../../marking/MarkingCodesCell';
import type { Marks } from '../../marking/markingState';
import { otherLinesIndex } from '../../marking/otherLines';
import { badgesOf, RegistrySummary, useRegistryCheck } from '../../marking/RegistryCheck';

/**
 * The product table's cell editor "markingCodes" (a ui.json column `"editors": { "Marks":
 * "markingCodes" }`): the line's marking codes in a dialog (src/web/form/marking), checked by the
 * engine's rule as they are entered, against the other lines of the document, and — in the document
 * editor — in the marking system's registry.
 */
export interface MarkingCellProps {
  id: string;
  rowIndex: number;
  value: unknown;
  row: Record<string, unknown>;
  label: string;
  readonly: boolean;
  invalid?: boolean;
  describedBy?: string;
  commit(value: unknown): void;
  documentData(): unknown;
}

export default function MarkingCodesEditorCell(props: MarkingCellProps) {
  const { t } = useTranslation('marking');
  const document = useContext(MarkingDocumentContext);
  const marks = (props.value ?? null) as Marks | null;
  // The other lines' codes, read once per opening of the dialog (documentData is the whole document now).
  const others = useRef<Map<string, number> | null>(null);
  const check = useRegistryCheck(document?.kind, document?.documentId, props.documentData);
  const quantity = props.row.Count ?? props.row.Amount;
  return (
    <MarkingCodesCell
      buttonId={props.id}
      describedBy={props.describedBy}
      label={props.label}
      readonly={props.readonly}
      value={marks}
      quantity={quantity}
      onChange={(next) => {
        others.current = null;
        props.commit(next);
      }}
      elsewhere={(key) => {
        others.current ??= otherLinesIndex(props.documentData(), { row: props.row, marks: props.value });
        return others.current.get(key);
      }}
      invalid={props.invalid}
      badge={badgesOf(check.answer, t)}
      footer={<RegistrySummary check={check} rowIndex={props.rowIndex} />}
    />
  );
}
