import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { errorMessage } from '../messages';
import type { SheetIssue } from './xlsxImport';

export interface ImportReport {
  source: 'paste' | 'xlsx';
  imported: number;
  total: number;
  issues: SheetIssue[];
  unreadable?: boolean;
}

/** What a paste or an .xlsx import did: lines added, and per line the fields that kept it out. */
export function ImportErrors({ report, onClose }: { report: ImportReport; onClose(): void }) {
  const { t } = useTranslation(['form', 'validation']);
  const skipped = new Set(report.issues.map((issue) => issue.sheetRow)).size;
  const summary = report.unreadable
    ? t('form:import.unreadable')
    : t('form:import.summary', { imported: report.imported, total: report.total, skipped });
  return (
    <section className="pt-import" aria-label={t('form:import.title')}>
      <div className="pt-import-head">
        <p role="status">{summary}</p>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          {t('form:import.close')}
        </Button>
      </div>
      {report.issues.length > 0 && (
        <table className="pt-import-errors" aria-label={t('form:import.errorsTitle')}>
          <caption>{t('form:import.errorsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">
                {t(report.source === 'xlsx' ? 'form:import.sheetRow' : 'form:import.pastedRow')}
              </th>
              <th scope="col">{t('form:import.column')}</th>
              <th scope="col">{t('form:import.message')}</th>
            </tr>
          </thead>
          <tbody>
            {report.issues.map((issue) => (
              <tr key={`${issue.sheetRow}-${issue.field}`}>
                <td>{issue.sheetRow}</td>
                <td>{issue.columnName}</td>
                <td>
                  {issue.problem.kind === 'read'
                    ? t(`form:import.problems.${issue.problem.code}`, { field: issue.columnName })
                    : errorMessage(issue.problem.error, t, issue.columnName)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
