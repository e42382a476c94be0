import type { ReactNode } from 'react';
import './ui.css';

export interface FormItemProps {
  /** id of the control, so the label and the error are tied to it for screen readers. */
  htmlFor: string;
  label?: ReactNode;
  required?: boolean;
  error?: string | null;
  /** When false the error is not shown (e.g. before the first submit). */
  showError?: boolean;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export const errorIdFor = (id: string) => `${id}-error`;

export function FormItem({
  htmlFor,
  label,
  required,
  error,
  showError = true,
  hint,
  children,
  className,
}: FormItemProps) {
  const visibleError = showError && error ? error : null;
  return (
    <div className={['form-item', className].filter(Boolean).join(' ')}>
      {label !== undefined && (
        <label className="form-item-label" htmlFor={htmlFor}>
          {label}
          {required && (
            <span className="form-item-required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {children}
      {hint && !visibleError && <div className="form-item-hint">{hint}</div>}
      <div
        id={errorIdFor(htmlFor)}
        className="form-item-error"
        role={visibleError ? 'alert' : undefined}
        hidden={!visibleError}
      >
        {visibleError}
      </div>
    </div>
  );
}
