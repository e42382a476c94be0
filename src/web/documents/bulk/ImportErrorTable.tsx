import { useTranslation } from 'react-i18next';
import type { ImportError } from '../../api/bulk';
import { type Column, Table } from '../../ui';

/**
 * The errors of an import (spec §2: row, column name, message) and the document they belong to. The
 * message is the failed rule's own sentence; the rule's id (`rule`: "type", "pinflOrTin") is for
 * programs reading the API and never shown to people.
 */
export function ImportErrorTable({ rows }: { rows: ImportError[] }) {
  const { t } = useTranslation('bulk');
  const columns: Column<ImportError>[] = [
    { key: 'row', header: t('bulk:import.table.row'), cell: (r) => r.row ?? '—', numeric: true, width: 80 },
    { key: 'column', header: t('bulk:import.table.column'), cell: (r) => r.column ?? '—' },
    { key: 'message', header: t('bulk:import.table.message'), cell: (r) => r.message },
    { key: 'doc', header: t('bulk:import.table.document'), cell: (r) => r.documentKey ?? '' },
  ];
  return (
    <Table
      caption={t('bulk:import.table.caption')}
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.id)}
    />
  );
}
