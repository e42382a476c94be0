import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router-dom';
import { CATALOGUE_TABS, type CatalogueTab, catalogueTabPath } from '../../../engine/routes';
import type { Query } from '../../api/client';
import {
  type CatalogueRow,
  fetchLgotaList,
  lgotaKeys,
  useLgotaDatasets,
  useLgotaList,
} from '../../api/lgota';
import { Button, LinkTabs, Loading, Table } from '../../ui';
import { Pagination } from '../../ui/Pagination';
import { columnsFor, rowKeyFor } from './columns';
import { FilterDropdown } from './FilterDropdown';
import { API_PARAM, TAB_DEFS, type TabDef } from './tabs';
import { useCatalogueUrl } from './useCatalogueUrl';
import './catalogue.css';

function useCurrentTab(): CatalogueTab {
  const matches = useMatches();
  const location = useLocation();
  const named = [...matches]
    .reverse()
    .find((m) => (CATALOGUE_TABS as readonly string[]).includes((m.handle as { name?: string })?.name ?? ''));
  const fromPath = location.pathname.split('/').filter(Boolean).pop();
  const tab = (named?.handle as { name?: string })?.name ?? fromPath;
  return (CATALOGUE_TABS as readonly string[]).includes(tab ?? '')
    ? (tab as CatalogueTab)
    : CATALOGUE_TABS[0];
}

/** /gnccatalog/:tab — the catalogue of VAT benefits. */
export default function CataloguePage() {
  const { t } = useTranslation('catalogue');
  const tab = useCurrentTab();
  const url = useCatalogueUrl();
  const datasets = useLgotaDatasets();
  const def = TAB_DEFS[tab];
  const isDemo = datasets.data?.rows.some((d) => d.list === def.list && d.source === 'demo') ?? false;
  // Page size and the code toggle follow the person from tab to tab; filters are the tab's own.
  const kept = new URLSearchParams();
  if (url.size !== 18) kept.set('size', String(url.size));
  if (url.codes === 'old') kept.set('codes', 'old');
  const sizeQuery = kept.size ? `?${kept}` : '';

  return (
    <section className="page catalogue">
      <header className="catalogue-head">
        <h1>{t('page.title')}</h1>
        {isDemo && (
          <span className="badge" data-testid="demo-badge">
            {t('page.demoBadge')}
          </span>
        )}
      </header>
      {isDemo && <p className="catalogue-demo-note">{t('page.demoNote')}</p>}
      <LinkTabs
        label={t('page.tabsLabel')}
        items={CATALOGUE_TABS.map((key) => ({
          key,
          label: t(`page.tabs.${key}`),
          to: `${catalogueTabPath(key)}${sizeQuery}`,
        }))}
      />
      {/* A tab keeps nothing of another tab's view. */}
      <CatalogueList key={tab} def={def} url={url} />
    </section>
  );
}

function CatalogueList({ def, url }: { def: TabDef; url: ReturnType<typeof useCatalogueUrl> }) {
  const { t, i18n } = useTranslation('catalogue');
  const location = useLocation();
  const query = useMemo(() => {
    const q: Query = { page: url.page, size: url.size };
    for (const key of def.filters) {
      const value = url.filters[key];
      if (value) q[API_PARAM[key]] = value;
    }
    return q;
  }, [def, url.page, url.size, url.filters]);

  // "Show more" appends the following pages to this view; any change of the URL starts afresh.
  const [more, setMore] = useState({ search: location.search, extra: 0 });
  const extra = more.search === location.search ? more.extra : 0;
  const lastPage = url.page + extra;

  const main = useLgotaList<CatalogueRow>(def.operation, query, i18n.language);
  const extraPages = useMemo(
    () => Array.from({ length: Math.max(0, lastPage - url.page) }, (_, i) => url.page + 1 + i),
    [lastPage, url.page],
  );
  const extras = useQueries({
    queries: extraPages.map((page) => {
      const q = { ...query, page };
      return {
        queryKey: lgotaKeys.list(def.operation, q, i18n.language),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchLgotaList<CatalogueRow>(def.operation, q, signal),
        placeholderData: keepPreviousData,
      };
    }),
  });

  const rows = useMemo(
    () => [...(main.data?.rows ?? []), ...extras.flatMap((e) => e.data?.rows ?? [])],
    [main.data, extras],
  );
  const total = main.data?.totalCount ?? 0;
  const loadingMore = extras.some((e) => e.isPending || e.isFetching);
  const activeFilters = def.filters.some((key) => url.filters[key]);
  const columns = columnsFor(def.kind, (url.page - 1) * url.size + 1, t, i18n.language, url.codes);

  return (
    <div className="catalogue-body">
      <div className="catalogue-filters" role="toolbar" aria-label={t('page.filters.label')}>
        {def.filters.map((field) => (
          <FilterDropdown
            key={field}
            tab={def.tab}
            field={field}
            value={url.filters[field]}
            onApply={(v) => url.setFilter(field, v)}
          />
        ))}
        {activeFilters && (
          <Button variant="ghost" size="sm" onClick={url.clearFilters}>
            {t('page.filters.clearAll')}
          </Button>
        )}
        {def.kind !== 'classifier' && (
          <fieldset className="catalogue-codes">
            <legend>{t('page.codes.label')}</legend>
            {(['new', 'old'] as const).map((codes) => (
              <Button
                key={codes}
                size="sm"
                variant={url.codes === codes ? 'primary' : 'secondary'}
                aria-pressed={url.codes === codes}
                onClick={() => url.setCodes(codes)}
              >
                {t(`page.codes.${codes}`)}
              </Button>
            ))}
          </fieldset>
        )}
      </div>
      {main.isPending ? (
        <Loading />
      ) : main.isError ? (
        <div className="card catalogue-error" role="alert">
          <p>{t('page.error', { message: main.error.message })}</p>
          <Button variant="secondary" onClick={() => main.refetch()}>
            {t('page.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className="catalogue-table" aria-busy={main.isFetching || undefined}>
            <Table
              caption={t('page.caption', { tab: t(`page.tabs.${def.tab}`), total })}
              columns={columns}
              rows={rows}
              rowKey={rowKeyFor(def.kind)}
              empty={
                total > 0 ? (
                  // A shared link or a back step can point past the end of a list that has shrunk.
                  <span className="catalogue-past-end">
                    {t('page.pastEnd', { total })}{' '}
                    <Button variant="secondary" size="sm" onClick={() => url.setPage(1)}>
                      {t('page.firstPage')}
                    </Button>
                  </span>
                ) : (
                  <span data-testid="nothing-found">{t('page.nothingFound')}</span>
                )
              }
            />
          </div>
          {rows.length > 0 && (
            <Pagination
              page={url.page}
              lastPage={lastPage}
              size={url.size}
              total={total}
              onPageChange={url.setPage}
              onSizeChange={url.setSize}
              onShowMore={() => setMore({ search: location.search, extra: extra + 1 })}
              showMoreLoading={loadingMore}
            />
          )}
        </>
      )}
    </div>
  );
}
