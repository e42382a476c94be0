import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useBank, useBankSearch } from '../../api/reference';
import { Input } from '../../ui';
import { inputLook, useWidgetAria } from './a11y';

/**
 * Bank MFO (5 digits) with the bank's name under it (GET InvoiceItem/getBank/{mfo}); while the MFO
 * is incomplete, the banks whose MFO starts with the digits typed are offered.
 */
export function BankWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly } = props;
  const { t, ready } = useTranslation('reference', { useSuspense: false });
  const aria = useWidgetAria(props);
  const mfo = typeof value === 'string' ? value : '';
  const bank = useBank(mfo);
  const suggest = !readonly && !disabled && mfo.length >= 2 && mfo.length < 5;
  const suggestions = useBankSearch(mfo, suggest).data?.rows ?? [];
  const listId = `${id}__banks`;
  const hintId = `${id}__bank`;
  let hint = '';
  if (ready && mfo.length === 5 && !bank.isLoading)
    hint = bank.data ? bank.data.name : bank.isError ? '' : t('bank.unknown');
  return (
    <>
      <Input
        id={id}
        {...inputLook(options)}
        {...aria}
        aria-describedby={[aria['aria-describedby'], hintId].filter(Boolean).join(' ')}
        list={suggest && suggestions.length ? listId : undefined}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        value={mfo}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 5);
          onChange(digits === '' ? options.emptyValue : digits);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {suggest && suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((b) => (
            <option key={b.mfo} value={b.mfo}>
              {b.name}
            </option>
          ))}
        </datalist>
      )}
      <div id={hintId} className="form-item-hint" aria-live="polite">
        {hint}
      </div>
    </>
  );
}
