import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { besidePath, readPath } from '../../../../engine/keywords/pointer';
import { valueAt } from '../../../../engine/ui/tableColumns';
import { type LineBenefit, type LineBenefitQuery, useLineBenefits } from '../../../api/reference';
import { langOf } from '../../format';
import type { CellEditorProps } from './types';

type Read = Record<string, string | string[]>;

/**
 * What choosing a benefit writes beside its id (the rule's declaration, `serverCheck.fills`, named
 * like `read`: beside the id, "../" one level up): its name and type, the line's "without VAT" flag
 * for a benefit of the code's without-VAT list, and the rate, 0 for one of its zero-rate list.
 */
interface Fills {
  name?: string;
  type?: string;
  /** The computed sum the benefit relieves: cleared with the benefit. */
  vatSum?: string;
  withoutVat?: string;
  rate?: string;
}

/** The line field (slash path inside the line) a place beside the benefit id names. */
const lineField = (holder: string, place: string) => besidePath(holder, place).slice(1);

/** The first present value of a `read` entry: a pointer of the document, or a field of the line. */
function readOne(
  where: string | string[] | undefined,
  holder: string,
  row: Record<string, unknown>,
  doc: unknown,
): string | undefined {
  for (const place of Array.isArray(where) ? where : where ? [where] : []) {
    const value = place.startsWith('/') ? valueAt(doc, place) : readPath(row, lineField(holder, place));
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

/**
 * The line's VAT benefit (ESF LgotaId), chosen from the benefits that fit it: those the catalogue
 * lists for the line's classifier code and those the seller or the buyer holds on the document date
 * (GET /api/Lgota/ForLine: the rule of engine/benefits.ts, which the server checks again on save).
 * Where the code, date and parties are read from is the rule's own declaration (the field's
 * `serverCheck.read`), so the picker and the check read the same values. The list is asked for when
 * the select is focused, never for lines nobody opens. Choosing writes the id, name and type, and a
 * benefit of the code's "without VAT" list marks the line without VAT (its zero-rate list: rate 0).
 */
export default function BenefitEditor({
  id,
  value,
  row,
  column,
  label,
  readonly,
  invalid,
  describedBy,
  patch,
  documentData,
}: CellEditorProps) {
  const { t, i18n } = useTranslation('form');
  const lang = langOf(i18n.language);
  const [active, setActive] = useState(false);
  const check = (column.schema as { serverCheck?: { read?: Read; fills?: Fills } } | undefined)?.serverCheck;
  const read = (check?.read ?? {}) as Read;
  const fills = (check?.fills ?? {}) as Fills;
  // The benefit id's place in the line: LgotaId sits in the line itself, TaxRelief/Id in its block.
  const holder = `/${column.name.split('/').slice(0, -1).join('/')}`;
  const field = (place: string | undefined) => (place ? lineField(holder, place) : undefined);
  const doc = active ? documentData() : undefined;
  const code = readOne(read.code, holder, row, doc);
  const query: LineBenefitQuery | null =
    active && code && /^\d{17}$/.test(code)
      ? {
          catalogCode: code,
          date: readOne(read.date, holder, row, doc),
          sellerTin: readOne(read.seller, holder, row, doc),
          buyerTin: readOne(read.buyer, holder, row, doc),
        }
      : null;
  const benefits = useLineBenefits(query, lang, active);
  const rows = benefits.data ?? [];
  const current = value === undefined || value === null || value === '' ? '' : String(value);
  const nameField = field(fills.name);
  const storedName = nameField ? readPath(row, nameField) : undefined;
  const currentName = typeof storedName === 'string' ? storedName : '';

  if (readonly) return <span id={id}>{current ? `${current} ${currentName}`.trim() : ''}</span>;

  const choose = (text: string) => {
    const fields: Record<string, unknown> = {};
    const set = (place: string | undefined, v: unknown) => {
      const name = field(place);
      if (name) fields[name] = v;
    };
    if (text === '') {
      // A benefit block (TaxRelief) goes away whole; the invoice's flat fields are cleared each.
      if (holder !== '/') fields[holder.slice(1)] = undefined;
      else for (const place of [column.name, fills.name, fills.type, fills.vatSum]) set(place, undefined);
      patch(fields);
      return;
    }
    const benefit = rows.find((r) => String(r.id) === text);
    if (!benefit) return;
    fields[column.name] = benefit.id;
    set(fills.name, benefit.name);
    set(fills.type, benefit.type);
    if (benefit.source === 'withoutVat') set(fills.withoutVat, true);
    if (benefit.source === 'zeroVat') {
      set(fills.withoutVat, false);
      set(fills.rate, 0);
    }
    patch(fields);
  };

  const groups: Array<LineBenefit['source']> = ['seller', 'buyer', 'withoutVat', 'zeroVat'];
  const listed = rows.some((r) => String(r.id) === current);
  const status = !active
    ? null
    : !query
      ? t('productTable.benefit.needCode')
      : benefits.isError
        ? t('productTable.benefit.failed')
        : benefits.isLoading
          ? t('productTable.benefit.loading')
          : rows.length === 0
            ? t('productTable.benefit.nothing')
            : null;

  return (
    <select
      id={id}
      className="pt-benefit"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-busy={benefits.isFetching || undefined}
      value={current}
      onFocus={() => setActive(true)}
      onPointerDown={() => setActive(true)}
      onChange={(event) => choose(event.target.value)}
    >
      <option value="">{t('productTable.benefit.none')}</option>
      {current && !listed && <option value={current}>{`${current} ${currentName}`.trim()}</option>}
      {status && (
        <option value="__status" disabled>
          {status}
        </option>
      )}
      {groups.map((source) => {
        const inGroup = rows.filter((r) => r.source === source);
        if (inGroup.length === 0) return null;
        return (
          <optgroup key={source} label={t(`productTable.benefit.sources.${source}`)}>
            {inGroup.map((benefit) => (
              <option key={`${source}-${benefit.id}`} value={String(benefit.id)}>
                {`${benefit.catalogueId} — ${benefit.name}`}
              </option>
            ))}
          </optgroup>
        );
      })}
    </select>
  );
}
