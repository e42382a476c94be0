import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKING_LEVELS, type MarkingLevel } from '../../../engine/marking';
import { Button } from '../../ui/Button';
import { Tabs } from '../../ui/Tabs';
import { CodeEntry } from './CodeEntry';
import { type CodeBadge, CodeList } from './CodeList';
import {
  addCodes,
  clearLevel,
  codesAt,
  countStatus,
  type Marks,
  type Refusal,
  removeCode,
} from './markingState';
import { RefusedList } from './RefusedList';
import './marking.css';

/** Product types of defs/marks.json (texts forms:enums.ProductType.*). */
export const PRODUCT_TYPES = [1, 2, 3, 4, 5, 6, 8, 11] as const;

export interface MarkingCodesEditorProps {
  /** The line's marks (null: not marked yet — the first code or a product type makes it marked). */
  value: Marks | null | undefined;
  onChange: (next: Marks | null) => void;
  /** The line's quantity, to say whether the codes match it. */
  quantity?: unknown;
  /** The line (1-based) another code of the document is on, by the code's identity (GTIN+serial, SSCC). */
  elsewhere?: (key: string) => number | undefined;
  /** Messages the validator or the server gave for this line's codes. */
  errors?: string[];
  /** The registry's answer for a code, when checked (services/marking through the editor's host). */
  badge?: (code: string) => CodeBadge | undefined;
  /** Extra content under the counts (the registry check's button and summary). */
  footer?: React.ReactNode;
}

/**
 * The marking codes of one product line: product type, codes per package level (consumer, group,
 * transport — the aggregation levels), entry by keyboard, scanner or paste, each refused code with its
 * reason, the counts against the line's quantity. Usable with the keyboard alone and at 375 px.
 */
export function MarkingCodesEditor({
  value,
  onChange,
  quantity,
  elsewhere,
  errors,
  badge,
  footer,
}: MarkingCodesEditorProps) {
  const { t } = useTranslation(['marking', 'forms', 'validation']);
  const [level, setLevel] = useState<MarkingLevel>(() => firstFilled(value));
  const [refused, setRefused] = useState<Refusal[]>([]);
  const [lastAdded, setLastAdded] = useState<number | null>(null);
  const marks: Marks = value ?? { ProductType: PRODUCT_TYPES[0] };

  const onCodes = (raws: string[]) => {
    const result = addCodes(marks, level, raws, elsewhere);
    setRefused((previous) => [...result.refused, ...previous].slice(0, 500));
    setLastAdded(result.added);
    if (result.added) onChange(result.marks);
  };
  const status = countStatus(marks, quantity);
  const counts = Object.fromEntries(MARKING_LEVELS.map((l) => [l, codesAt(value, l).length])) as Record<
    MarkingLevel,
    number
  >;

  return (
    <div className="mk-editor">
      <div className="mk-head">
        <label className="mk-type">
          <span>{t('productType')}</span>
          <select
            className="input input-md"
            value={marks.ProductType}
            onChange={(event) => onChange({ ...marks, ProductType: Number(event.target.value) })}
          >
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`forms:enums.ProductType.${type}`)}
              </option>
            ))}
          </select>
        </label>
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            {t('removeMarks')}
          </Button>
        )}
      </div>

      <Tabs
        label={t('title')}
        active={level}
        onChange={(key) => setLevel(key as MarkingLevel)}
        items={MARKING_LEVELS.map((l) => ({ key: l, label: `${t(`levels.${l}`)} (${counts[l]})` }))}
      />
      <div className="mk-level" role="tabpanel" aria-label={t(`levels.${level}`)}>
        <p className="muted mk-hint">{t(`levelsHint.${level}`)}</p>
        <CodeEntry label={`${t('input')} — ${t(`levels.${level}`)}`} onCodes={onCodes} />
        <p className="mk-result" aria-live="polite">
          {lastAdded !== null && t('added', { count: lastAdded })}
          {refused.length > 0 && ` · ${t('refused', { count: refused.length })}`}
        </p>
        <RefusedList
          refused={refused}
          onDismiss={(i) => setRefused(refused.filter((_, j) => j !== i))}
          onClear={() => setRefused([])}
        />
        <CodeList
          codes={codesAt(value, level)}
          badge={badge}
          onRemove={(index) => value && onChange(removeCode(value, level, index))}
        />
        {counts[level] > 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              value &&
              window.confirm(t('clearConfirm', { count: counts[level] })) &&
              onChange(clearLevel(value, level))
            }
          >
            {t('clearLevel')}
          </Button>
        )}
      </div>

      <div className="mk-summary" aria-live="polite">
        <p>{t('summary', { ...counts, quantity: quantity ?? '—' })}</p>
        <p className={`mk-count mk-count--${status.kind}`} data-testid="marking-count">
          {status.kind === 'ok'
            ? t('countOk')
            : status.kind === 'unchecked'
              ? t('countUnchecked')
              : t(`validation:markingCount.${status.problem}`, {
                  expected: status.expected,
                  actual: status.actual,
                })}
        </p>
        {errors?.map((message) => (
          <p key={message} className="mk-error" role="alert">
            {message}
          </p>
        ))}
        {footer}
      </div>
    </div>
  );
}

function firstFilled(value: Marks | null | undefined): MarkingLevel {
  return MARKING_LEVELS.find((level) => codesAt(value, level).length > 0) ?? 'consumer';
}
