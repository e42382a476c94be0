import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getLifecycle, hasLifecycle } from '../../../engine/lifecycle';
import { listKindSummaries } from '../../../engine/registry';
import type { DocDirection } from '../../api/documents';
import { Button, Select } from '../../ui';
import { CounterpartyFilter } from './CounterpartyFilter';
import { DateFilter } from './DateFilter';
import { type ListFilters as Filters, hasFilters, PERIODS, type Period } from './listUrl';
import { SearchField } from './SearchField';
import { statusGroups } from './statusOptions';

interface Props {
  direction: DocDirection;
  filters: Filters;
  onChange(patch: Partial<Filters>): void;
  onClear(): void;
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
  const kinds = listKindSummaries('documents');
  const types = typeOptions(filters.kind, t as never);
  const statuses = statusGroups(direction, filters.kind);
  const statusCount = statuses.reduce((n, g) => n + g.keys.length, 0);
  const kindTitle = (kind: string) => t(kinds.find((k) => k.kind === kind)?.titleKey ?? kind);
  const statusLabel = (key: string) => t(`exchange:status.${key}`);

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
          <DateFilter
            label={t('workspace:list.filters.dateFrom')}
            value={filters.from}
            onChange={(from) => onChange({ from })}
          />
          <DateFilter
            label={t('workspace:list.filters.dateTo')}
            value={filters.to}
            onChange={(to) => onChange({ to })}
          />
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
      {statusCount > 1 && (
        <div className="doc-filter">
          <label htmlFor={statusId} className="doc-filter-label">
            {t('workspace:list.filters.status')}
          </label>
          <Select
            id={statusId}
            size="sm"
            value={filters.status ?? ''}
            onChange={(e) => onChange({ status: e.target.value || undefined })}
            placeholder={t('workspace:list.filters.anyStatus')}
          >
            {statuses.map((group) => {
              const options = group.keys.map((key) => (
                <option key={key} value={key}>
                  {statusLabel(key)}
                </option>
              ));
              return statuses.length === 1 ? (
                options
              ) : (
                <optgroup
                  key={group.kinds.join(',')}
                  label={
                    group.kinds.length
                      ? group.kinds.map(kindTitle).join(', ')
                      : t('workspace:list.filters.commonStatuses')
                  }
                >
                  {options}
                </optgroup>
              );
            })}
          </Select>
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
      <DateFilter
        label={t('workspace:list.filters.createdFrom')}
        value={filters.createdFrom}
        onChange={(createdFrom) => onChange({ createdFrom })}
      />
      <DateFilter
        label={t('workspace:list.filters.createdTo')}
        value={filters.createdTo}
        onChange={(createdTo) => onChange({ createdTo })}
      />
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
