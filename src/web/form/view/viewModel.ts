import type { Locale } from '../../../engine/constants';
import type { Translate } from '../../../engine/localize';
import { buildPrintModel, type PrintModel } from '../../../engine/print';
import { listKinds } from '../../../engine/registry';

/** A document the view shows: its kind and its whole content (product lines included). */
export interface ViewedDocument {
  kind: string;
  content: Record<string, unknown>;
}

/** The registered kind whose schema the form shows ('' when none). */
export function kindOfSchema(schema: unknown): string {
  return listKinds('documents').find((definition) => definition.schema === schema)?.kind ?? '';
}

// One model per document content and language: a waybill's goods groups each show one of its
// tables, and they all read the same model.
const models = new WeakMap<object, Map<string, PrintModel>>();

/**
 * The print model of the document, as the view reads it: the kind's print layout (print.json) gives
 * the goods tables their columns, names for codes, money with two decimals and totals — the same
 * figures the printed form shows — and a false flag reads as nothing.
 */
export function viewModelOf(document: ViewedDocument, lang: Locale, t: Translate): PrintModel {
  let byLang = models.get(document.content);
  if (!byLang) {
    byLang = new Map();
    models.set(document.content, byLang);
  }
  let model = byLang.get(lang);
  if (!model) {
    model = buildPrintModel({ kind: document.kind, content: document.content, lang, t, omitFalse: true });
    byLang.set(lang, model);
  }
  return model;
}
