import { useTranslation } from 'react-i18next';
import type { ImportError } from '../../api/bulk';
import { type Column, Table } from '../../ui';
import '../checks/checks.css';

/**
 * The errors of an import (spec §2: row, column name, message) and the document they belong to. The
 * message is the failed rule's own sentence; the rule's id (`rule`: "type", "pinflOrTin") is for
 * programs reading the API and never shown to people. A pre-sign check's finding (issue 29) shows its
 * level before its sentence.
 */
export function ImportErrorTable({ rows }: { rows: ImportError[] }) {
  const { t } = useTranslation(['bulk', 'checks']);
  const checks = rows.some((r) => r.level);
  const columns: Column<ImportError>[] = [
    { key: 'row', header: t('bulk:import.table.row'), cell: (r) => r.row ?? '—', numeric: true, width: 80 },
    { key: 'column', header: t('bulk:import.table.column'), cell: (r) => r.column ?? '—' },
    {
      key: 'message',
      header: t('bulk:import.table.message'),
      // A pre-sign check's finding says its level (blocks refuse the import; warnings and notes do not).
      cell: (r) =>
        r.level ? (
          <span data-level={r.level}>
            <strong className={`check-level check-level-${r.level}`}>{t(`checks:level.${r.level}`)}</strong>{' '}
            {r.message}
          </span>
        ) : (
          r.message
        ),
    },
    { key: 'doc', header: t('bulk:import.table.document'), cell: (r) => r.documentKey ?? '' },
  ];
  return (
    <Table
      caption={checks ? t('bulk:import.table.captionChecks') : t('bulk:import.table.caption')}
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.id)}
    />
  );
}
