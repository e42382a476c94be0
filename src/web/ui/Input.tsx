import {
  forwardRef,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './ui.css';

export type InputSize = 'sm' | 'md' | 'mdpx0' | 'lg';
export type InputVariant = 'default' | 'outline' | 'bordered-bottom';

export function inputClass(size: InputSize = 'md', variant: InputVariant = 'default', extra?: string) {
  return ['input', `input-${size}`, variant !== 'default' && `input-${variant}`, extra]
    .filter(Boolean)
    .join(' ');
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  size?: InputSize;
  variant?: InputVariant;
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { size, variant, invalid, className, ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      className={inputClass(size, variant, className)}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
});

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  size?: InputSize;
  variant?: InputVariant;
  invalid?: boolean;
  options?: Array<{ value: string; label: string; disabled?: boolean }>;
  placeholder?: string;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { size, variant, invalid, className, options, placeholder, children, ...rest },
  ref,
) {
  return (
    <select
      ref={ref}
      className={inputClass(size, variant, className)}
      aria-invalid={invalid || undefined}
      {...rest}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  variant?: InputVariant;
  invalid?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { variant, invalid, className, ...rest },
  ref,
) {
  return (
    <textarea
      ref={ref}
      className={inputClass('md', variant, className)}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={['checkbox', className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}
