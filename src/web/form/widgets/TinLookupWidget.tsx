import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { Input } from '../../ui';
import { type FormServices, pathOfId, readAt } from '../theme/formContext';
import { inputLook, useWidgetAria } from './a11y';
import { lookupParty, mergeParty } from './partyLookup';
import { schemaAt } from '../productTable/documentTotals';

type Status = 'idle' | 'searching' | 'found' | 'notFound' | 'unavailable';

/**
 * TIN (9 digits) or PINFL (14 digits). Digits only. When complete, looks the party up (debounced,
 * spec §9 600 ms) and fills the sibling object named by ui:options.fills (e.g. Seller).
 */
export function TinLookupWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, registry } = props;
  const { t } = useTranslation('form');
  const aria = useWidgetAria(props);
  const services = registry.formContext as FormServices | undefined;
  const [status, setStatus] = useState<Status>('idle');
  const [foundName, setFoundName] = useState('');
  const fills = options.fills as string | undefined;
  const lastLooked = useRef<string | null>(null);

  useEffect(() => {
    const tin = typeof value === 'string' ? value : '';
    if (
      !fills ||
      !services ||
      readonly ||
      (tin.length !== 9 && tin.length !== 14) ||
      tin === lastLooked.current
    )
      return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      lastLooked.current = tin;
      setStatus('searching');
      try {
        const result = await lookupParty(tin, controller.signal);
        if (result.status !== 'found') return setStatus(result.status);
        const target = [...pathOfId(id).slice(0, -1), fills];
        // The party object next to the TIN field, wherever it sits in the document.
        const targetSchema = schemaAt(registry.rootSchema as RJSFSchema, target, (s) =>
          registry.schemaUtils.retrieveSchema(s),
        );
        const allowed = Object.keys((targetSchema?.properties ?? {}) as object);
        const current = readAt(services.data.get(), target) as Record<string, unknown> | null;
        const merged = mergeParty(current, result.party, allowed);
        services.setFieldValue(target, merged);
        setFoundName(String(merged.Name ?? ''));
        setStatus('found');
      } catch {
        /* aborted: a newer number was typed */
      }
    }, FILTER_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, fills, services, readonly, id, registry]);

  const statusId = `${id}__lookup`;
  return (
    <>
      <Input
        id={id}
        {...inputLook(options)}
        {...aria}
        aria-describedby={
          [aria['aria-describedby'], fills ? statusId : undefined].filter(Boolean).join(' ') || undefined
        }
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        value={value ?? ''}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 14);
          onChange(digits === '' ? options.emptyValue : digits);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {fills && (
        <div id={statusId} className="form-item-hint" aria-live="polite">
          {status === 'searching' && t('lookup.searching')}
          {status === 'found' && t('lookup.found', { name: foundName })}
          {status === 'notFound' && t('lookup.notFound')}
          {status === 'unavailable' && t('lookup.unavailable')}
        </div>
      )}
    </>
  );
}
