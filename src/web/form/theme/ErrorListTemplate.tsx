import type { ErrorListProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import type { FormServices } from './formContext';
import { useFormText } from './formText';

const noop = () => () => {};

/**
 * The summary after a failed submit: every message with a link to its field, so keyboard and
 * screen-reader users reach the field directly (the first field also gets focus).
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const { t } = useFormText();
  const services = registry.formContext as FormServices | undefined;
  // Only after a submit attempt: while typing, each field shows its own error inline.
  const submitted = useSyncExternalStore(
    services?.touched.subscribe ?? noop,
    () => services?.touched.submitted ?? true,
    () => true,
  );
  if (errors.length === 0 || !submitted) return null;
  return (
    <div className="form-error-summary" role="alert">
      <p>{t('errorSummary', { count: errors.length })}</p>
      <ul>
        {errors.slice(0, 20).map((error) => {
          const id = `root${(error.property ?? '')
            .replace(/\.|\[|\]/g, '_')
            .replace(/_+/g, '_')
            .replace(/_$/, '')}`;
          return (
            <li key={`${error.property}:${error.name}:${error.message}`}>
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
