import { Input, type InputProps } from '../../ui/Input';
import { DATE_FORMATS, formatDate, type Lang } from '../format';
import { useMask } from './useMask';

const PLACEHOLDERS = { ru: 'ДД.ММ.ГГГГ', uz: 'KK/OO/YYYY', en: 'MM/DD/YYYY' } as const;

export interface DateInputProps
  extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'ref'> {
  /** The stored day (yyyy-MM-dd), or text that is not one yet (shown as it is). */
  value: unknown;
  lang: Lang;
  /** Every accepted keystroke: the text as masked in the locale's format ('' when cleared). */
  onText(masked: string): void;
}

/**
 * The app's date field: a day typed in the locale's format (ru DD.MM.YYYY, uz DD/MM/YYYY,
 * en MM/DD/YYYY) through a mask — never the browser's date picker, whose format follows the
 * browser, not the page. Forms (DateWidget) and list filters use this one field.
 */
export function DateInput({ value, lang, onText, ...rest }: DateInputProps) {
  const separator = DATE_FORMATS[lang].charAt(2);
  // The resting text is the stored day in the locale's format: the mask is built on first focus.
  const ref = useMask({ mask: `00${separator}00${separator}0000` }, formatDate(value, lang), onText, {
    attachOnFocus: true,
  });
  return (
    <Input
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      placeholder={PLACEHOLDERS[lang]}
      aria-description={DATE_FORMATS[lang]}
      {...rest}
      defaultValue={formatDate(value, lang)}
    />
  );
}
