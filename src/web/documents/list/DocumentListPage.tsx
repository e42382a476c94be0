import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import {
  type BulkOperation,
  bulkAction,
  type DocDirection,
  type DocumentRow,
  documentKeys,
  downloadListExcel,
  fetchDocumentList,
  invalidateDocuments,
  useDocumentCounts,
  useDocumentList,
} from '../../api/documents';
import { Button, Loading, Pagination, toast } from '../../ui';
import { ConfirmDialog } from '../ConfirmDialog';
import { listToolbarItems } from '../extensions';
import { saveBlob } from '../saveBlob';
import { allRows, BULK_BY_DIRECTION, idsOf } from './bulk';
import { DocumentTable } from './DocumentTable';
import { ListFilters } from './ListFilters';
import { hasFilters, toListQuery } from './listUrl';
import { selectedCount, useSelection } from './selection';
import { useListUrl } from './useListUrl';
import '../documents.css';

const PRINT_LIMIT = 1000;

/** /documents/incoming, outgoing, drafts and deleted: one screen, four lists. */
export function DocumentListPage({ direction }: { direction: DocDirection }) {
  const { t, i18n } = useTranslation(['workspace', 'common']);
  const client = useQueryClient();
  const location = useLocation();
  const url = useListUrl();
  const query = useMemo(() => toListQuery(direction, url.state), [direction, url.state]);
  const { Page: _page, Size: _size, ...filterQuery } = query;
  const main = useDocumentList(query, i18n.language);

  // "Show more" appends the following pages to this view; any change of the URL starts afresh.
  const [more, setMore] = useState({ search: location.search, extra: 0 });
  const extra = more.search === location.search ? more.extra : 0;
  const lastPage = url.state.page + extra;
  const extras = useQueries({
    queries: Array.from({ length: extra }, (_, i) => {
      const q = { ...query, Page: url.state.page + 1 + i };
      return {
        queryKey: documentKeys.list(q, i18n.language),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchDocumentList(q, signal),
        placeholderData: keepPreviousData,
      };
    }),
  });
  const rows = useMemo<DocumentRow[]>(
    () => [...(main.data?.rows ?? []), ...extras.flatMap((e) => e.data?.rows ?? [])],
    [main.data, extras],
  );
  const total = main.data?.totalCount ?? 0;

  // A counterparty acted (the menu's counts or their generation changed): the list follows without a reload.
  const counts = useDocumentCounts();
  const countsSeen = useRef<string | null>(null);
  useEffect(() => {
    if (!counts.data) return;
    const now = JSON.stringify(counts.data);
    if (countsSeen.current !== null && countsSeen.current !== now)
      void client.invalidateQueries({ queryKey: documentKeys.lists });
    countsSeen.current = now;
  }, [counts.data, client]);

  // A new filter (not a new page) starts a new selection.
  const filterKey = JSON.stringify(filterQuery);
  const select = useSelection(filterKey);
  const count = selectedCount(select.selection, total);
  const pageAllSelected = rows.length > 0 && rows.every((r) => !isUnselected(r.id));
  function isUnselected(id: string) {
    return select.selection.mode === 'all' ? select.selection.except.has(id) : !select.selection.ids.has(id);
  }

  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [printRows, setPrintRows] = useState<DocumentRow[] | null>(null);

  useEffect(() => {
    if (!printRows) return;
    const done = () => setPrintRows(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printRows]);

  const refresh = () => invalidateDocuments(client);

  async function runBulk(operation: BulkOperation) {
    setBusy(operation);
    try {
      const ids = await idsOf(select.selection, filterQuery);
      if (ids.length === 0) return;
      const results = await bulkAction(operation, ids);
      const failed = results.filter((r) => !r.success);
      const done = results.length - failed.length;
      if (done > 0) toast.success(t(`workspace:bulk.done.${operation}`, { count: done }));
      if (failed.length > 0)
        toast.error(
          t('workspace:bulk.failed', {
            count: failed.length,
            message: failed[0].message ?? failed[0].code ?? '',
          }),
        );
      select.clear();
      refresh();
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
      setConfirmDelete(false);
    }
  }

  async function printList() {
    setBusy('print');
    try {
      // The selected rows when there are any, else the whole filtered list.
      const chosen = (await allRows(filterQuery, PRINT_LIMIT)).filter(
        (r) => count === 0 || !isUnselected(r.id),
      );
      if (total > PRINT_LIMIT && count === 0)
        toast.info(t('workspace:list.printLimited', { limit: PRINT_LIMIT }));
      setPrintRows(chosen);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function downloadExcel() {
    setBusy('excel');
    try {
      const blob = await downloadListExcel(filterQuery);
      saveBlob(blob, `${t(`common:menu.${direction}`)}-${new Date().toISOString().slice(0, 10)}.xlsx`);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const title = t(`common:menu.${direction}`);
  const filtered = hasFilters(url.state);

  return (
    <section className="page doc-list" aria-busy={main.isFetching || undefined}>
      <header className="doc-list-head no-print">
        <h1>{title}</h1>
        <Link className="btn btn-primary" to={PATHS.create}>
          {t('workspace:list.create')}
        </Link>
      </header>
      <h1 className="print-only">{title}</h1>
      <div className="no-print">
        <ListFilters
          direction={direction}
          filters={url.state}
          onChange={url.setFilters}
          onClear={url.clearFilters}
        />
      </div>
      <div className="doc-toolbar no-print" role="toolbar" aria-label={t('workspace:list.toolbar')}>
        <span className="doc-toolbar-count" aria-live="polite">
          {count > 0
            ? t('workspace:list.selected', { count, total })
            : t('workspace:list.total', { count: total })}
        </span>
        {pageAllSelected && select.selection.mode === 'some' && total > rows.length && (
          <Button variant="ghost" size="sm" onClick={select.selectAllMatching}>
            {t('workspace:list.selectAll', { count: total })}
          </Button>
        )}
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={select.clear}>
            {t('workspace:list.clearSelection')}
          </Button>
        )}
        <span className="spacer" />
        {BULK_BY_DIRECTION[direction].map((operation) => (
          <Button
            key={operation}
            size="sm"
            variant={operation === 'bulkDelete' ? 'danger' : 'secondary'}
            disabled={count === 0 || busy !== null}
            loading={busy === operation}
            onClick={() => (operation === 'bulkDelete' ? setConfirmDelete(true) : void runBulk(operation))}
          >
            {t(`workspace:bulk.${operation}`)}
          </Button>
        ))}
        <Button
          size="sm"
          variant="secondary"
          disabled={total === 0 || busy !== null}
          loading={busy === 'print'}
          onClick={() => void printList()}
        >
          {t('workspace:list.print')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={total === 0 || busy !== null}
          loading={busy === 'excel'}
          onClick={() => void downloadExcel()}
        >
          {t('workspace:list.excel')}
        </Button>
        {listToolbarItems.map((Item, index) => (
          <Item
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of components
            key={index}
            direction={direction}
            query={filterQuery}
            selectedCount={count}
            selectedIds={() => idsOf(select.selection, filterQuery)}
            // An item that changed documents (signed, imported) ends the selection, as the list's own
            // bulk actions do: the signed drafts left the list, their count must not stay on its button.
            refresh={() => {
              select.clear();
              refresh();
            }}
          />
        ))}
      </div>

      {main.isPending ? (
        <Loading />
      ) : main.isError ? (
        <div className="card doc-error" role="alert">
          <p>{t('workspace:list.error', { message: main.error.message })}</p>
          <Button variant="secondary" onClick={() => main.refetch()}>
            {t('workspace:list.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="card doc-empty" data-testid="list-empty">
          {total > 0 ? (
            <p>
              {t('workspace:list.pastEnd', { total })}{' '}
              <Button variant="secondary" size="sm" onClick={() => url.setPage(1)}>
                {t('workspace:list.firstPage')}
              </Button>
            </p>
          ) : filtered ? (
            <p>
              {t('workspace:list.nothingFound')}{' '}
              <Button variant="secondary" size="sm" onClick={url.clearFilters}>
                {t('workspace:list.filters.clear')}
              </Button>
            </p>
          ) : (
            <p>{t(`workspace:list.empty.${direction}`)}</p>
          )}
        </div>
      ) : (
        <div className={printRows ? 'no-print' : undefined}>
          <DocumentTable
            direction={direction}
            rows={rows}
            selection={select.selection}
            onToggle={select.toggle}
            onTogglePage={select.togglePage}
            caption={t('workspace:list.caption', { list: title, total })}
          />
          <div className="no-print">
            <Pagination
              page={url.state.page}
              lastPage={lastPage}
              size={url.state.size}
              total={total}
              onPageChange={url.setPage}
              onSizeChange={url.setSize}
              onShowMore={() => setMore({ search: location.search, extra: extra + 1 })}
              showMoreLoading={extras.some((e) => e.isFetching)}
            />
          </div>
        </div>
      )}
      {printRows && (
        <div className="print-only">
          <DocumentTable
            direction={direction}
            rows={printRows}
            selection={{ mode: 'some', ids: new Set() }}
            onToggle={() => {}}
            onTogglePage={() => {}}
            caption={title}
            printed
          />
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('workspace:bulk.deleteTitle', { count })}
        confirmLabel={t('workspace:bulk.bulkDelete')}
        danger
        busy={busy === 'bulkDelete'}
        onConfirm={() => void runBulk('bulkDelete')}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>{t('workspace:bulk.deleteText', { count })}</p>
      </ConfirmDialog>
    </section>
  );
}
