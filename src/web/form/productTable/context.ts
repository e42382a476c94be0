import type { TFunction } from 'i18next';
import { createContext } from 'react';
import type { Lang } from '../format';
import type { Column } from './columns';

/**
 * Everything a cell needs besides its own value. The object is stable between keystrokes and
 * commits (it changes only with the language or the read-only flag), so memoized rows stay skipped.
 */
export interface TableContextValue {
  fieldId: string;
  lang: Lang;
  t: TFunction;
  readonly: boolean;
  columnTitle(column: Column): string;
  optionLabel(column: Column, option: string | number): string;
  commit(rowIndex: number, field: string, value: unknown): void;
  focusCell(rowIndex: number, field: string): void;
  openCatalog(rowIndex: number): void;
}

export const TableContext = createContext<TableContextValue>(null as unknown as TableContextValue);
