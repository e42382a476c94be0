import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { Input } from '../../ui';
import { schemaAt } from '../productTable/documentTotals';
import { type FormServices, pathOfId, readAt } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { filledByLookup, fillTarget, lookupParty, mergeParty, withoutLookedUp } from './partyLookup';

type Status = 'idle' | 'searching' | 'found' | 'notFound' | 'unavailable';

interface Looked {
  tin: string;
  status: Status;
  name: string;
  /** What the form has no field for but the person should see: taxpayer type, bank, demo, gaps. */
  party?: Record<string, unknown>;
}

/** The found party's facts beside its name: taxpayer type, bank by MFO, district, demo, a registry gap. */
function FoundDetails({ party }: { party: Record<string, unknown> }) {
  const { t, ready } = useTranslation(['reference', 'forms'], { useSuspense: false });
  if (!ready) return null;
  const parts: string[] = [];
  if (typeof party.TaxpayerType === 'number') parts.push(t(`forms:enums.TaxpayerType.${party.TaxpayerType}`));
  if (typeof party.BankName === 'string') parts.push(t('reference:lookup.bank', { name: party.BankName }));
  if (typeof party.DistrictName === 'string') parts.push(String(party.DistrictName));
  else if (typeof party.RegionName === 'string') parts.push(String(party.RegionName));
  return (
    <>
      {parts.length > 0 && <span className="lookup-details"> {parts.join(' · ')}</span>}
      {party.IsDemo === true && <span className="lookup-demo"> {t('reference:lookup.demo')}</span>}
      {party.RegistryUnavailable === true && <span> {t('reference:lookup.registryUnavailable')}</span>}
    </>
  );
}

/**
 * TIN (9 digits) or PINFL (14 digits). Digits only. When complete, looks the party up (debounced,
 * spec §9 600 ms, GET /api/DocumentOrganization/getOrgInfoByTin: the tax registry and the
 * organisations registered here) and fills the object named by ui:options.fills (e.g. Seller, a
 * sibling, or the TIN's own object) with every requisite the server has and the schema has a field
 * for — nothing else; facts without a field (taxpayer type, the bank's name) are shown beside it.
 * Not found or lookup unavailable: says so, and the party stays open for typing by hand. What a
 * lookup filled in is taken back when the number changes to another party (unless edited since).
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
        const target = fillTarget(pathOfId(id), fills);
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
        setLooked({
          tin,
          status: 'found',
          name: String(merged.Name ?? result.party.Name ?? ''),
          party: result.party,
        });
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
  const foundParty = looked?.tin === tin ? looked.party : undefined;

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
          {status === 'found' && foundParty && <FoundDetails party={foundParty} />}
          {status === 'notFound' && t('lookup.notFound')}
          {status === 'unavailable' && t('lookup.unavailable')}
        </div>
      )}
    </>
  );
}
