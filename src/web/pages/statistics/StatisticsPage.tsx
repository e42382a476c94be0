import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listKindSummaries } from '../../../engine/registry';
import { type Statistics, useStatistics } from '../../api/bulk';
import { asLocale } from '../../documents/format';
import { useSum } from '../../documents/money';
import { parseLocalDate } from '../../form/format';
import { DateInput } from '../../form/widgets/DateInput';
import { Button, type Column, EmptyState, Loading, Table } from '../../ui';
import { BarChart } from './BarChart';
import './statistics.css';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function preset(name: 'month' | 'quarter' | 'year' | 'last12'): [string, string] {
  const now = new Date();
  const y = now.getFullYear();
  const m = now.getMonth();
  if (name === 'month') return [day(new Date(y, m, 1)), day(new Date(y, m + 1, 0))];
  if (name === 'quarter') {
    const q = Math.floor(m / 3) * 3;
    return [day(new Date(y, q, 1)), day(new Date(y, q + 3, 0))];
  }
  if (name === 'year') return [day(new Date(y, 0, 1)), day(new Date(y, 11, 31))];
  return [day(new Date(y, m - 11, 1)), day(new Date(y, m + 1, 0))];
}

/** A kind's name in the reader's language (the kind's own title key; data, never a list here). */
function useKindName() {
  // The kinds' titles live in 'documents' (titleKey "documents:kinds.<kind>"): loaded with this page.
  const { t } = useTranslation(['statistics', 'documents']);
  const titles = new Map(listKindSummaries('documents').map((k) => [k.kind, k.titleKey]));
  return (kind: string) => {
    const key = titles.get(kind);
    return key ? t(key) : t('statistics:otherKind');
  };
}

/** "2026-11" → "нояб. 2026" (the chart's axis reads as months, not codes). */
function useMonthName() {
  const { t } = useTranslation('statistics');
  return (month: string) =>
    t('month', { month: t(`months.${Number(month.slice(5, 7))}`), year: month.slice(0, 4) });
}

/** A period bound: the forms' date field in the reader's locale; a complete real day sets it. */
function PeriodDate({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(day: string): void;
}) {
  const { i18n } = useTranslation();
  const lang = asLocale(i18n.language);
  return (
    <span className="stats-date">
      <label htmlFor={id}>{label}</label>
      <DateInput
        key={lang}
        id={id}
        lang={lang}
        value={value}
        onText={(masked) => {
          const day = parseLocalDate(masked, lang);
          if (day && day !== value) onChange(day);
        }}
      />
    </span>
  );
}

/** /statistics: the caller's documents for a period — totals, by month, kind and status, top counterparties. */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation(['statistics', 'exchange', 'bulk']);
  const [period, setPeriod] = useState<[string, string]>(() => preset('year'));
  const [from, to] = period;
  const stats = useStatistics(from, to, i18n.language);
  const money = useSum();

  return (
    <section className="page stats" aria-labelledby="stats-title">
      <h1 id="stats-title">{t('title')}</h1>
      <form className="stats-period" onSubmit={(e) => e.preventDefault()} aria-label={t('period')}>
        {(['month', 'quarter', 'year', 'last12'] as const).map((p) => (
          <Button key={p} type="button" size="sm" variant="secondary" onClick={() => setPeriod(preset(p))}>
            {t(`presets.${p}`)}
          </Button>
        ))}
        <PeriodDate id="stats-from" label={t('from')} value={from} onChange={(day) => setPeriod([day, to])} />
        <PeriodDate id="stats-to" label={t('to')} value={to} onChange={(day) => setPeriod([from, day])} />
      </form>
      {stats.isLoading ? (
        <Loading />
      ) : stats.error ? (
        <p role="alert">{(stats.error as Error).message}</p>
      ) : stats.data ? (
        <StatisticsBody data={stats.data} money={money} />
      ) : null}
    </section>
  );
}

function StatisticsBody({ data, money }: { data: Statistics; money: (s: string) => string }) {
  const { t } = useTranslation(['statistics', 'exchange']);
  const kindName = useKindName();
  const monthName = useMonthName();
  const months = useMemo(() => [...new Set(data.byMonth.map((m) => m.month))].sort(), [data]);
  const monthSeries = useMemo(
    () =>
      (['outgoing', 'incoming'] as const).map((dir, i) => ({
        label: t(`direction.${dir}`),
        color: i === 0 ? '#1a73e8' : '#34a853',
        values: months.map((m) => data.byMonth.find((b) => b.month === m && b.direction === dir)?.count ?? 0),
      })),
    [data, months, t],
  );
  const kinds = useMemo(
    () => [...new Set(data.byKind.filter((k) => k.direction !== 'drafts').map((k) => k.kind))],
    [data],
  );
  const kindSeries = useMemo(
    () =>
      (['outgoing', 'incoming'] as const).map((dir, i) => ({
        label: t(`direction.${dir}`),
        color: i === 0 ? '#1a73e8' : '#34a853',
        values: kinds.map((k) => data.byKind.find((b) => b.kind === k && b.direction === dir)?.count ?? 0),
      })),
    [data, kinds, t],
  );
  const empty = data.totals.incoming.count + data.totals.outgoing.count + data.totals.drafts.count === 0;
  const statusColumns: Column<Statistics['byStatus'][number]>[] = [
    { key: 'dir', header: t('columns.direction'), cell: (r) => t(`direction.${r.direction}`) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (r) => t(`exchange:status.${r.status}`, { defaultValue: t('statistics:otherStatus') }),
    },
    { key: 'count', header: t('columns.count'), cell: (r) => r.count, numeric: true },
    { key: 'sum', header: t('columns.sum'), cell: (r) => money(r.sum), numeric: true },
  ];
  const partnerColumns: Column<Statistics['topCounterparties'][number]>[] = [
    { key: 'name', header: t('columns.counterparty'), cell: (r) => r.name ?? r.identity },
    { key: 'id', header: t('columns.identity'), cell: (r) => r.identity },
    { key: 'count', header: t('columns.count'), cell: (r) => r.count, numeric: true },
    { key: 'sum', header: t('columns.sum'), cell: (r) => money(r.sum), numeric: true },
  ];
  return (
    <>
      <div className="stats-cards" data-testid="stats-totals">
        {(['outgoing', 'incoming', 'drafts'] as const).map((dir) => (
          <div key={dir} className="card stats-card">
            <span>{t(`direction.${dir}`)}</span>
            <strong>{data.totals[dir].count}</strong>
            <span>{money(data.totals[dir].sum)}</span>
          </div>
        ))}
        <Link className="card stats-card stats-waiting" to="/documents/incoming">
          <span>{t('waiting')}</span>
          <strong data-testid="stats-waiting">{data.waitingForYou}</strong>
          <span>{t('waitingHint')}</span>
        </Link>
      </div>
      {empty ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <>
          <div className="stats-charts">
            <BarChart title={t('charts.byMonth')} labels={months.map(monthName)} series={monthSeries} />
            <BarChart
              title={t('charts.byKind')}
              labels={kinds.map(kindName)}
              series={kindSeries}
              horizontal
            />
          </div>
          <h2>{t('byStatus')}</h2>
          <Table
            caption={t('byStatus')}
            columns={statusColumns}
            rows={data.byStatus.filter((s) => s.direction !== 'drafts')}
            rowKey={(r) => `${r.direction}:${r.status}`}
          />
          <h2>{t('top')}</h2>
          <Table
            caption={t('top')}
            columns={partnerColumns}
            rows={data.topCounterparties}
            rowKey={(r) => r.identity}
            empty={t('empty')}
          />
        </>
      )}
    </>
  );
}
