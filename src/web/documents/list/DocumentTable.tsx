import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { typeNameKey } from '../../../engine/lifecycle';
import type { DocDirection, DocumentRow } from '../../api/documents';
import { daysUntil, showDate, showDateTime } from '../format';
import { useSum } from '../money';
import { StatusBadge } from '../StatusBadge';
import { isSelected, type Selection } from './selection';

export interface DocumentTableProps {
  direction: DocDirection;
  rows: DocumentRow[];
  selection: Selection;
  onToggle(id: string): void;
  onTogglePage(ids: string[], on: boolean): void;
  caption: string;
  /** Printing: no checkboxes, no links. */
  printed?: boolean;
  today?: Date;
}

/** The kind's subtype name when the locale has one (forms:enums.<type field>.<value>). */
export function useTypeName() {
  const { t, i18n } = useTranslation(['forms']);
  return (kind: string, type: string | null | undefined) => {
    const key = typeNameKey(kind, type);
    return key && i18n.exists(key) ? t(key) : '';
  };
}

/**
 * A page of documents: number (a link to the document), date, kind and type, counterparty (name and
 * TIN/PINFL), total, status, and for incoming documents waiting for the user the days left before
 * automatic acceptance; created and updated. On a phone each row is a card (CSS).
 */
export function DocumentTable({
  direction,
  rows,
  selection,
  onToggle,
  onTogglePage,
  caption,
  printed,
  today = new Date(),
}: DocumentTableProps) {
  const { t, i18n } = useTranslation(['workspace', 'documents']);
  const lang = i18n.language;
  const typeName = useTypeName();
  const sum = useSum();
  const pageIds = rows.map((r) => r.id);
  const allOnPage = rows.length > 0 && rows.every((r) => isSelected(selection, r.id));
  const someOnPage = rows.some((r) => isSelected(selection, r.id));
  const showDays = direction === 'incoming';
  const col = (key: string) => t(`workspace:list.columns.${key}`);

  return (
    <div className="table-wrap doc-table-wrap">
      <table className="table doc-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {!printed && (
              <th scope="col" className="doc-select">
                <input
                  type="checkbox"
                  aria-label={t('workspace:list.selectPage')}
                  checked={allOnPage}
                  ref={(el) => {
                    if (el) el.indeterminate = someOnPage && !allOnPage;
                  }}
                  onChange={(e) => onTogglePage(pageIds, e.target.checked)}
                  disabled={rows.length === 0}
                />
              </th>
            )}
            <th scope="col">{col('number')}</th>
            <th scope="col">{col('date')}</th>
            <th scope="col">{col('kind')}</th>
            <th scope="col">{col('counterparty')}</th>
            <th scope="col" className="num">
              {col('total')}
            </th>
            <th scope="col">{col('status')}</th>
            {showDays && <th scope="col">{col('daysLeft')}</th>}
            <th scope="col">{col('created')}</th>
            <th scope="col">{col('updated')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const checked = isSelected(selection, row.id);
            const number = row.number || t('workspace:list.noNumber');
            const days = showDays && row.respondBy ? daysUntil(row.respondBy, today) : null;
            const type = typeName(row.kind, row.type);
            return (
              <tr key={row.id} data-selected={checked || undefined}>
                {!printed && (
                  <td className="doc-select">
                    <input
                      type="checkbox"
                      aria-label={t('workspace:list.selectRow', { number })}
                      checked={checked}
                      onChange={() => onToggle(row.id)}
                    />
                  </td>
                )}
                <td data-label={col('number')} className="doc-number">
                  {printed ? number : <Link to={`/documents/${row.id}`}>{number}</Link>}
                </td>
                <td data-label={col('date')}>{showDate(row.date, lang)}</td>
                <td data-label={col('kind')}>
                  {t(`documents:kinds.${row.kind}`, { defaultValue: row.kind })}
                  {type && <div className="muted doc-sub">{type}</div>}
                </td>
                <td data-label={col('counterparty')}>
                  {row.counterparty?.name || (row.counterparty?.identity ? '' : '—')}
                  {row.counterparty?.identity && (
                    <div className="muted doc-sub">{row.counterparty.identity}</div>
                  )}
                </td>
                <td data-label={col('total')} className="num">
                  {sum(row.total)}
                </td>
                <td data-label={col('status')}>
                  <StatusBadge
                    kind={row.kind}
                    code={row.viewStatus ?? row.status}
                    statusKey={row.statusKey}
                  />
                </td>
                {showDays && (
                  <td data-label={col('daysLeft')}>
                    {days !== null && (
                      <span className={days <= 2 ? 'doc-days doc-days-soon' : 'doc-days'}>
                        {days >= 0
                          ? t('workspace:list.daysLeft', { count: days })
                          : t('workspace:list.daysOverdue')}
                      </span>
                    )}
                  </td>
                )}
                <td data-label={col('created')}>{showDateTime(row.createdAt, lang)}</td>
                <td data-label={col('updated')}>{showDateTime(row.updatedAt, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
