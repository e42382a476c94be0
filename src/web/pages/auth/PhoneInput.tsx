import IMask, { type InputMask } from 'imask';
import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { PHONE_MASK } from '../../../engine/constants';
import { inputClass } from '../../ui/Input';

// imask treats only 0, a and * as slots; "+998 (" and the rest of the spec's mask are fixed text.
const MASK = PHONE_MASK.replace('+998', '+{998}');

/** Phone input with the mask +998 (00) 000-00-00; reports the nine digits after +998. */
export function PhoneInput({
  digits,
  onDigits,
  invalid,
  ...rest
}: { digits: string; onDigits: (digits: string) => void; invalid?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const ref = useRef<HTMLInputElement>(null);
  const mask = useRef<InputMask<any> | null>(null);
  const onDigitsRef = useRef(onDigits);
  onDigitsRef.current = onDigits;

  useEffect(() => {
    if (!ref.current) return;
    // The prefix and slots stay visible, so typing starts after +998 (a typed 9 would otherwise fill its 9).
    const instance = IMask(ref.current, { mask: MASK, lazy: false, placeholderChar: '_' });
    instance.on('accept', () => onDigitsRef.current(instance.unmaskedValue.replace(/^998/, '')));
    mask.current = instance;
    return () => instance.destroy();
  }, []);

  useEffect(() => {
    const instance = mask.current;
    if (instance && instance.unmaskedValue.replace(/^998/, '') !== digits)
      instance.unmaskedValue = digits ? `998${digits}` : '';
  }, [digits]);

  return (
    <input
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_MASK}
      className={inputClass('md')}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}
