import { memo, useContext, useSyncExternalStore } from 'react';
import { tiyinToText } from '../engine';
import { formatDecimal } from '../format';
import type { Column } from './columns';
import { TableContext } from './context';
import type { RowStore } from './rowStore';

export interface TotalsRowProps {
  store: RowStore;
  columns: readonly Column[];
  /** Line fields (column names) whose sums are shown. */
  sums: readonly string[];
  withActions: boolean;
}

/** The totals line. It subscribes to the store's totals only, so it renders when a sum changes. */
export const TotalsRow = memo(function TotalsRow({ store, columns, sums, withActions }: TotalsRowProps) {
  const ctx = useContext(TableContext);
  const totals = useSyncExternalStore(store.subscribe, store.getTotals, store.getTotals);
  const byField: Record<string, string> = {};
  for (const field of sums) if (totals[field] !== undefined) byField[field] = tiyinToText(totals[field]);
  const found = columns.findIndex((column) => column.name in byField);
  // The label spans the ordinal column and every column before the first sum.
  const firstTotal = found < 0 ? columns.length : found;
  return (
    <tfoot>
      <tr className="pt-totals">
        <th scope="row" colSpan={firstTotal + 1}>
          {ctx.t('form:productTable.totals')}
        </th>
        {columns.slice(firstTotal).map((column) => (
          <td
            key={column.name}
            className="pt-cell--computed"
            data-total={column.name in byField ? column.name : undefined}
          >
            {column.name in byField ? formatDecimal(byField[column.name], ctx.lang, 2) : ''}
          </td>
        ))}
        {withActions && <td />}
      </tr>
    </tfoot>
  );
});
