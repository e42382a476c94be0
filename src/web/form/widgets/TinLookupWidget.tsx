import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { Input } from '../../ui';
import { schemaAt } from '../productTable/documentTotals';
import { type FormServices, pathOfId, readAt } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { filledByLookup, lookupParty, mergeParty, withoutLookedUp } from './partyLookup';

type Status = 'idle' | 'searching' | 'found' | 'notFound' | 'unavailable';

interface Looked {
  tin: string;
  status: Status;
  name: string;
}

/**
 * TIN (9 digits) or PINFL (14 digits). Digits only. When complete, looks the party up (debounced,
 * spec §9 600 ms, GET /api/DocumentOrganization/getOrgInfoByTin) and fills the sibling object named
 * by ui:options.fills (e.g. Seller) with what the server has — nothing else. Not found or lookup
 * unavailable: says so, and the party stays open for typing by hand. What a lookup filled in is
 * taken back when the number changes to another party (unless the person edited it since).
 */
export function TinLookupWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, registry } = props;
  const { t } = useFormText();
  const aria = useWidgetAria(props);
  const services = registry.formContext as FormServices | undefined;
  const [looked, setLooked] = useState<Looked | null>(null);
  const fills = options.fills as string | undefined;
  const lastLooked = useRef<string | null>(null);
  /** What the last lookup wrote, by target path, so that a later lookup can take it back. */
  const filled = useRef<{ key: string; values: Record<string, unknown> } | null>(null);
  const tin = typeof value === 'string' ? value : '';

  useEffect(() => {
    const complete = tin.length === 9 || tin.length === 14;
    // Typing the same number again after editing it looks it up again.
    if (!complete) lastLooked.current = null;
    if (!fills || !services || readonly || !complete || tin === lastLooked.current) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      lastLooked.current = tin;
      setLooked({ tin, status: 'searching', name: '' });
      try {
        const result = await lookupParty(tin, controller.signal);
        if (controller.signal.aborted) return;
        if (result.status === 'unavailable') return setLooked({ tin, status: result.status, name: '' });
        const target = [...pathOfId(id).slice(0, -1), fills];
        const key = target.join('.');
        const current = readAt(services.data.get(), target) as Record<string, unknown> | null;
        const previous = filled.current?.key === key ? filled.current.values : null;
        const cleared = withoutLookedUp(current, previous);
        filled.current = null;
        if (result.status === 'notFound') {
          // Another party's requisites must not stay beside this number.
          if (Object.keys(cleared).length !== Object.keys(current ?? {}).length)
            services.setFieldValue(target, cleared);
          return setLooked({ tin, status: 'notFound', name: '' });
        }
        // The party object next to the TIN field, wherever it sits in the document.
        const targetSchema = schemaAt(registry.rootSchema as RJSFSchema, target, (s) =>
          registry.schemaUtils.retrieveSchema(s),
        );
        const allowed = Object.keys((targetSchema?.properties ?? {}) as object);
        const merged = mergeParty(cleared, result.party, allowed);
        filled.current = { key, values: filledByLookup(merged, result.party, allowed) };
        services.setFieldValue(target, merged);
        setLooked({ tin, status: 'found', name: String(merged.Name ?? '') });
      } catch {
        /* aborted: a newer number was typed */
      }
    }, FILTER_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [tin, fills, services, readonly, id, registry]);

  // The message speaks of the number in the field only; while it is being edited it says nothing.
  const status: Status = looked && looked.tin === tin ? looked.status : 'idle';
  const foundName = looked?.name ?? '';

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
