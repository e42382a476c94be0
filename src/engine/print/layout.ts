import { generatedPrintLayouts } from '../generated/printLayouts';
import type { ReferenceList } from '../reference/names';

/**
 * A kind's print layout: schemas/documents/<kind>/print.json, checked at build time against
 * schemas/print.schema.json. Pointers are JSON pointers into the content; inside a party, section or
 * table with `each` they are relative to each element of that array. Table fields are slash paths
 * inside a line ("Vat/Rate").
 */
export interface PrintLayout {
  orientation?: 'portrait' | 'landscape';
  title: string | { pointer: string; byValue: Record<string, string>; default: string };
  subtitle?: string;
  labels?: string[];
  number: string;
  date: string;
  contract?: { number: string; date: string };
  nationalId?: string;
  parties: PartyLayout[];
  sections?: SectionLayout[];
  tables?: TableLayout[];
}

/**
 * A field of a party, section or table group: a pointer (an object lists each of its fields), or a
 * block printed on one line — its title, then the `join`ed fields' values ("Loading point: Tashkent,
 * Yunusobod district, Amir Temur street 100").
 */
export type FieldRef = string | { pointer: string; join: string[] };

export interface PartyLayout {
  role: string;
  title: string;
  each?: string;
  identity?: string;
  name: string;
  fields?: FieldRef[];
  signers?: Array<{ label: string; name: string }>;
}

export interface SectionLayout {
  title?: string;
  pointer?: string;
  fields?: FieldRef[];
  text?: boolean;
  each?: string;
  heading?: string;
}

export interface ColumnLayout {
  fields: string[];
  width: number;
  optional?: boolean;
  /** Fields holding codes of a reference list, printed as their names (MeasureId → its unit). */
  names?: Partial<Record<string, ReferenceList>>;
}

export interface TableLayout {
  each?: string;
  rows: string;
  groupFields?: FieldRef[];
  numbered?: boolean;
  columns: ColumnLayout[];
  totals?: string[];
  words?: string;
  wordsVat?: string;
}

const registered = new Map<string, PrintLayout>();
const generated = generatedPrintLayouts as Record<string, PrintLayout>;

/** Takes a kind's layout at run time (a kind registered from a folder brings its print.json). */
export function registerPrintLayout(kind: string, layout: PrintLayout): void {
  registered.set(kind, layout);
}

/** Whether the kind has a print layout (registered at run time or generated from its folder). */
export function hasPrintLayout(kind: string): boolean {
  return registered.has(kind) || kind in generated;
}

/** The kind's print layout; throws for a kind whose folder has no print.json. */
export function printLayoutOf(kind: string): PrintLayout {
  const layout = registered.get(kind) ?? generated[kind];
  if (!layout)
    throw new Error(`The kind "${kind}" has no print layout (schemas/documents/${kind}/print.json)`);
  return layout;
}
