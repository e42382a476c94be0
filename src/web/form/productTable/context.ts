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
  /** Writes several fields of a line at once (named cell editors). */
  patch(rowIndex: number, fields: Record<string, unknown>): void;
  /** The whole document now (named cell editors read dates and parties). */
  documentData(): unknown;
  focusCell(rowIndex: number, field: string): void;
  openCatalog(rowIndex: number): void;
}

export const TableContext = createContext<TableContextValue>(null as unknown as TableContextValue);

/**
 * `t` with a cache: the same key(s) and options give the same text, translated once. Made per `t`
 * (useMemo on it), so a language change starts a fresh cache. i18next's `t` costs ~0.05–0.1 ms a
 * call; a screen of rows asks it for hundreds of identical labels.
 */
export function memoTranslate(t: TFunction): TFunction {
  const cache = new Map<string, string>();
  const cached = (keys: string | string[], options?: Record<string, unknown>): string => {
    const id = `${Array.isArray(keys) ? keys.join('\u0001') : keys}\u0000${options ? JSON.stringify(options) : ''}`;
    let text = cache.get(id);
    if (text === undefined) {
      text = String((t as (k: string | string[], o?: Record<string, unknown>) => unknown)(keys, options));
      cache.set(id, text);
    }
    return text;
  };
  return cached as unknown as TFunction;
}
