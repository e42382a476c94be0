import type { Translate } from './localize';
import { marksFromCellText, marksPrintText, marksToCellText } from './marking/textForm';

/**
 * A field that is an object or a list, written as one text (schema annotation `textForm: "<name>"`,
 * e.g. defs/marks.json): in a spreadsheet cell in full (`write`/`read`: the Excel template, the bulk
 * import, the product table's paste and import) and on the printed form in short (`print`). The
 * schema names the form; no caller knows a field by name.
 */
export interface TextForm {
  write(value: unknown): string;
  read(text: string): unknown;
  print(value: unknown, t: Translate): string;
}

export const TEXT_FORMS: Readonly<Record<string, TextForm>> = {
  markingCodes: { write: marksToCellText, read: marksFromCellText, print: marksPrintText },
};

/** The text form a (resolved) field schema names, or null. */
export function textFormOf(schema: unknown): TextForm | null {
  const name = (schema as { textForm?: unknown } | null | undefined)?.textForm;
  return typeof name === 'string' ? (TEXT_FORMS[name] ?? null) : null;
}
