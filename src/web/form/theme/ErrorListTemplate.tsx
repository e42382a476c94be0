import type { ErrorListProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/**
 * The summary after a failed submit: every message with a link to its field, so keyboard and
 * screen-reader users reach the field directly (the first field also gets focus).
 */
export function ErrorListTemplate({ errors }: ErrorListProps) {
  const { t } = useTranslation('form');
  if (errors.length === 0) return null;
  return (
    <div className="form-error-summary" role="alert">
      <p>{t('errorSummary', { count: errors.length })}</p>
      <ul>
        {errors.slice(0, 20).map((error, i) => {
          const id = `root${(error.property ?? '')
            .replace(/\.|\[|\]/g, '_')
            .replace(/_+/g, '_')
            .replace(/_$/, '')}`;
          return (
            <li key={`${error.property}-${i}`}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(id)?.focus();
                }}
              >
                {error.stack}
              </a>
            </li>
          );
        })}
      </ul>
      {errors.length > 20 && <p>{t('errorSummaryMore', { count: errors.length - 20 })}</p>}
    </div>
  );
}
