import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import { partyFillAt, type Schema } from '../../../engine/ui/parties';
import { Input } from '../../ui';
import { formatDate, langOf } from '../format';
import { type FormServices, pathOfId, readAt } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { lookupParty, partyValues } from './partyLookup';
import { RequisitesAsOfContext } from './requisitesAsOf';
import './registerSearch.css';

// The register search opens on demand: its code and texts load with the first click.
const RegisterSearchDialog = lazy(() => import('./RegisterSearchDialog'));

/** The button beside a party's TIN that searches the register by TIN, PINFL or name (issue 27.5). */
function RegisterSearchButton({ value, onChoose }: { value: string; onChoose: (identity: string) => void }) {
  const { t, ready } = useTranslation('organizations', { useSuspense: false });
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-label={ready ? t('register.open') : undefined}
        title={ready ? t('register.open') : undefined}
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <RegisterSearchDialog
            open
            initial={value}
            onClose={() => setOpen(false)}
            onChoose={(row) => {
              setOpen(false);
              onChoose(row.identity);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

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
  const { t, ready, i18n } = useTranslation(['reference', 'forms'], { useSuspense: false });
  if (!ready) return null;
  const parts: string[] = [];
  if (party.Source === 'document')
    parts.push(t('reference:lookup.asOf', { date: formatDate(party.AsOf, langOf(i18n.language)) }));
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
 * organisations registered here) and fills the party's fields the schema has — found from the
 * schema (engine/ui/parties.ts: the TIN's own object, the object beside it, or the fields named
 * after it: SellerTin → SellerName, SellerBranchCode), or the object ui:options.fills names — each
 * with a value of its own type; facts without a field (taxpayer type, the bank's name) are shown
 * beside it. Not found or lookup unavailable: says so, and the party stays open for typing by hand.
 * What a lookup filled in is taken back when the number changes to another party (unless edited).
 */
export function TinLookupWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, registry } = props;
  const { t } = useFormText();
  const aria = useWidgetAria(props);
  const services = registry.formContext as FormServices | undefined;
  const [looked, setLooked] = useState<Looked | null>(null);
  const fills = options.fills as string | undefined;
  const rootSchema = registry.rootSchema as Schema;
  const fill = useMemo(() => partyFillAt(rootSchema, pathOfId(id), fills), [rootSchema, id, fills]);
  const lastLooked = useRef<string | null>(null);
  /** What the last lookup wrote, by target path, so that a later lookup can take it back. */
  const filled = useRef<{ key: string; values: Record<string, unknown> } | null>(null);
  const tin = typeof value === 'string' ? value : '';
  // A correction's original chosen (or changed): the party is looked up again, as of that document.
  const asOf = useContext(RequisitesAsOfContext);
  const lookupKey = asOf ? `${tin}@${asOf.documentId}` : tin;

  useEffect(() => {
    const complete = tin.length === 9 || tin.length === 14;
    // Typing the same number again after editing it looks it up again.
    if (!complete) lastLooked.current = null;
    if (!fill || !services || readonly || !complete || lookupKey === lastLooked.current) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      lastLooked.current = lookupKey;
      setLooked({ tin, status: 'searching', name: '' });
      try {
        const result = await lookupParty(tin, controller.signal, asOf);
        if (controller.signal.aborted) return;
        if (result.status === 'unavailable') return setLooked({ tin, status: result.status, name: '' });
        const target = [...pathOfId(id).slice(0, -1), ...fill.object];
        const key = target.join('.');
        const read = readAt(services.data.get(), target);
        const current = read && typeof read === 'object' ? (read as Record<string, unknown>) : null;
        const previous = filled.current?.key === key ? filled.current.values : {};
        filled.current = null;
        // Another party's requisites must not stay beside this number (what the person edited stays).
        const changes: Record<string, unknown> = {};
        for (const [field, old] of Object.entries(previous))
          if (current?.[field] === old) changes[field] = undefined;
        const values = result.status === 'found' ? partyValues(result.party, fill.fields) : {};
        Object.assign(changes, values);
        if (fill.object.length > 0 && !current) {
          // The party's own object is not there yet (an empty optional block): it is created whole.
          if (Object.keys(values).length > 0) services.setFieldValue(target, values);
        } else
          for (const [field, next] of Object.entries(changes))
            if (current?.[field] !== next) services.setFieldValue([...target, field], next);
        if (result.status === 'notFound') return setLooked({ tin, status: 'notFound', name: '' });
        filled.current = { key, values };
        const nameField = Object.keys(fill.fields).find((field) => fill.fields[field] === 'Name');
        setLooked({
          tin,
          status: 'found',
          name: String((nameField && values[nameField]) ?? result.party.Name ?? ''),
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
  }, [tin, lookupKey, asOf, fill, services, readonly, id]);

  // The message speaks of the number in the field only; while it is being edited it says nothing.
  const status: Status = looked && looked.tin === tin ? looked.status : 'idle';
  const foundName = looked?.name ?? '';
  const foundParty = looked?.tin === tin ? looked.party : undefined;

  const statusId = `${id}__lookup`;
  const input = (
    <Input
      id={id}
      {...inputLook(options)}
      {...aria}
      aria-describedby={
        [aria['aria-describedby'], fill ? statusId : undefined].filter(Boolean).join(' ') || undefined
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
  );
  return (
    <>
      {fill && !readonly && !disabled ? (
        <div className="tin-lookup-row">
          {input}
          <RegisterSearchButton value={tin} onChoose={(identity) => onChange(identity)} />
        </div>
      ) : (
        input
      )}
      {fill && (
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
