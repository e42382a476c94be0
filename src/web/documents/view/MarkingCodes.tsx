import { useTranslation } from 'react-i18next';

type Line = Record<string, unknown>;
const PACKAGE_LEVELS = ['KIZ', 'NomUpak', 'IdentTransUpak'] as const;

/** The lines that carry marking codes (a line's `Marks`), with their codes by package level. */
export function markedLines(lines: unknown): Line[] {
  return Array.isArray(lines)
    ? lines.filter((line): line is Line => Boolean(line && typeof line === 'object' && (line as Line).Marks))
    : [];
}

/** The marking-codes view (spec §2): per marked line, its product type and codes per package level. */
export function MarkingCodes({ lines }: { lines: Line[] }) {
  const { t } = useTranslation(['workspace', 'forms']);
  return (
    <div className="doc-marks">
      {lines.map((line, index) => {
        const marks = line.Marks as Record<string, unknown>;
        return (
          <section key={String(line.OrdNo ?? index)} className="doc-marks-line">
            <h3>
              {line.OrdNo !== undefined ? `${String(line.OrdNo)}. ` : ''}
              {String(line.Name ?? line.CatalogName ?? '')}
            </h3>
            {marks.ProductType !== undefined && (
              <p className="muted">
                {t('forms:marks.ProductType')}:{' '}
                {t(`forms:enums.ProductType.${String(marks.ProductType)}`, {
                  defaultValue: String(marks.ProductType),
                })}
              </p>
            )}
            {PACKAGE_LEVELS.map((level) => {
              const codes = Array.isArray(marks[level]) ? (marks[level] as string[]) : [];
              if (codes.length === 0) return null;
              return (
                <details key={level} className="doc-marks-level">
                  <summary>
                    {t(`forms:marks.${level}`)} ({codes.length})
                  </summary>
                  <ol className="doc-marks-codes">
                    {codes.map((code, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a code may repeat
                      <li key={i}>
                        <code>{code}</code>
                      </li>
                    ))}
                  </ol>
                </details>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
