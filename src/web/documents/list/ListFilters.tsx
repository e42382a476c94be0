import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getLifecycle, hasLifecycle, lifecycleKinds } from '../../../engine/lifecycle';
import { listKindSummaries } from '../../../engine/registry';
import type { DocDirection } from '../../api/documents';
import { Button, Input, Select } from '../../ui';
import { CounterpartyFilter } from './CounterpartyFilter';
import { type ListFilters as Filters, hasFilters, PERIODS, type Period } from './listUrl';
import { SearchField } from './SearchField';

interface Props {
  direction: DocDirection;
  filters: Filters;
  onChange(patch: Partial<Filters>): void;
  onClear(): void;
}

/** Status codes a list may filter by: the kind's (or every kind's) statuses the list can show. */
function statusOptions(direction: DocDirection, kind: string | undefined) {
  const kinds = kind && hasLifecycle(kind) ? [kind] : lifecycleKinds();
  const byCode = new Map<number, string>();
  for (const k of kinds) {
    const lifecycle = getLifecycle(k);
    for (const status of lifecycle.statuses) {
      const isDraft = status.code === lifecycle.initial;
      if (direction !== 'drafts' && direction !== 'deleted' && isDraft) continue;
      if (direction === 'drafts' && !isDraft) continue;
      if (status.view && direction !== 'incoming' && direction !== 'deleted') continue;
      if (!byCode.has(status.code)) byCode.set(status.code, status.key);
    }
  }
  return [...byCode].sort(([a], [b]) => a - b);
}

/** The subtypes a kind names in the locale (forms:enums.<type field>): value → label. */
function typeOptions(kind: string | undefined, t: (key: string, options?: object) => unknown) {
  if (!kind || !hasLifecycle(kind)) return [];
  const field = getLifecycle(kind).document.type?.split('/').pop();
  if (!field) return [];
  const names = t(`forms:enums.${field}`, { returnObjects: true });
  return names && typeof names === 'object' ? Object.entries(names as Record<string, string>) : [];
}

/**
 * Every filter of spec §2 for a document list: period (presets and a custom range), counterparty
 * with search, kind and type, status, search by TIN or name and by number, created-date range.
 * Each change goes to the URL (useListUrl).
 */
export function ListFilters({ direction, filters, onChange, onClear }: Props) {
  const { t } = useTranslation(['workspace', 'documents', 'exchange', 'forms']);
  const periodId = useId();
  const kindId = useId();
  const typeId = useId();
  const statusId = useId();
  const fromId = useId();
  const toId = useId();
  const createdFromId = useId();
  const createdToId = useId();
  const kinds = listKindSummaries('documents');
  const types = typeOptions(filters.kind, t as never);
  const statuses = statusOptions(direction, filters.kind);

  return (
    <section className="doc-filters" aria-label={t('workspace:list.filters.label')}>
      <div className="doc-filter">
        <label htmlFor={periodId} className="doc-filter-label">
          {t('workspace:list.filters.period')}
        </label>
        <Select
          id={periodId}
          size="sm"
          value={filters.period}
          onChange={(e) => {
            const period = e.target.value as Period;
            onChange(period === 'custom' ? { period } : { period, from: undefined, to: undefined });
          }}
          options={PERIODS.map((p) => ({ value: p, label: t(`workspace:list.periods.${p}`) }))}
        />
      </div>
      {filters.period === 'custom' && (
        <>
          <div className="doc-filter">
            <label htmlFor={fromId} className="doc-filter-label">
              {t('workspace:list.filters.dateFrom')}
            </label>
            <Input
              id={fromId}
              size="sm"
              type="date"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(e) => onChange({ from: e.target.value || undefined })}
            />
          </div>
          <div className="doc-filter">
            <label htmlFor={toId} className="doc-filter-label">
              {t('workspace:list.filters.dateTo')}
            </label>
            <Input
              id={toId}
              size="sm"
              type="date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(e) => onChange({ to: e.target.value || undefined })}
            />
          </div>
        </>
      )}
      <CounterpartyFilter
        value={filters.counterparty}
        onApply={(counterparty) => onChange({ counterparty })}
      />
      <div className="doc-filter">
        <label htmlFor={kindId} className="doc-filter-label">
          {t('workspace:list.filters.kind')}
        </label>
        <Select
          id={kindId}
          size="sm"
          value={filters.kind ?? ''}
          onChange={(e) =>
            onChange({ kind: e.target.value || undefined, type: undefined, status: undefined })
          }
          placeholder={t('workspace:list.filters.anyKind')}
          options={kinds.map((k) => ({ value: k.kind, label: t(k.titleKey) }))}
        />
      </div>
      {types.length > 0 && (
        <div className="doc-filter">
          <label htmlFor={typeId} className="doc-filter-label">
            {t('workspace:list.filters.type')}
          </label>
          <Select
            id={typeId}
            size="sm"
            value={filters.type ?? ''}
            onChange={(e) => onChange({ type: e.target.value || undefined })}
            placeholder={t('workspace:list.filters.anyType')}
            options={types.map(([value, label]) => ({ value, label }))}
          />
        </div>
      )}
      {statuses.length > 1 && (
        <div className="doc-filter">
          <label htmlFor={statusId} className="doc-filter-label">
            {t('workspace:list.filters.status')}
          </label>
          <Select
            id={statusId}
            size="sm"
            value={filters.status === undefined ? '' : String(filters.status)}
            onChange={(e) => onChange({ status: e.target.value === '' ? undefined : Number(e.target.value) })}
            placeholder={t('workspace:list.filters.anyStatus')}
            options={statuses.map(([code, key]) => ({
              value: String(code),
              label: t(`exchange:status.${key}`, { defaultValue: key }),
            }))}
          />
        </div>
      )}
      <SearchField
        label={t('workspace:list.filters.search')}
        placeholder={t('workspace:list.filters.searchHint')}
        value={filters.q}
        onApply={(q) => onChange({ q })}
      />
      <SearchField
        label={t('workspace:list.filters.number')}
        value={filters.number}
        onApply={(number) => onChange({ number })}
        maxLength={100}
      />
      <div className="doc-filter">
        <label htmlFor={createdFromId} className="doc-filter-label">
          {t('workspace:list.filters.createdFrom')}
        </label>
        <Input
          id={createdFromId}
          size="sm"
          type="date"
          value={filters.createdFrom ?? ''}
          max={filters.createdTo}
          onChange={(e) => onChange({ createdFrom: e.target.value || undefined })}
        />
      </div>
      <div className="doc-filter">
        <label htmlFor={createdToId} className="doc-filter-label">
          {t('workspace:list.filters.createdTo')}
        </label>
        <Input
          id={createdToId}
          size="sm"
          type="date"
          value={filters.createdTo ?? ''}
          min={filters.createdFrom}
          onChange={(e) => onChange({ createdTo: e.target.value || undefined })}
        />
      </div>
      {hasFilters(filters) && (
        <div className="doc-filter doc-filter-clear">
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('workspace:list.filters.clear')}
          </Button>
        </div>
      )}
    </section>
  );
}
