import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../engine/constants';
import { listKindSummaries } from '../../../engine/registry';
import { PATHS } from '../../../engine/routes';
import { changeTemplate, type TemplateRow, templateKeys, useTemplateList } from '../../api/templates';
import { ConfirmDialog } from '../../documents/ConfirmDialog';
import { TemplateNameDialog } from '../../documents/editor/TemplateNameDialog';
import { showDateTime } from '../../documents/format';
import { SearchField } from '../../documents/list/SearchField';
import { Button, Loading, Pagination, Select, toast } from '../../ui';
import '../../documents/documents.css';

/** The templates list's state in the URL (kind, name search, page, size), as the document lists keep theirs. */
function useTemplatesUrl() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const state = {
    kind: params.get('kind') || undefined,
    q: params.get('q')?.trim() || undefined,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : LIST_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const set = (patch: Partial<typeof state>, keepPage = false) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '' || (key === 'size' && value === LIST_PAGE_SIZE))
          next.delete(key);
        else next.set(key, String(value));
      }
      if (!keepPage) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      return next;
    });
  return { state, set };
}

/** /documents/templates: the organisation's templates — open one as a new draft, rename, delete. */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation(['workspace', 'common', 'documents']);
  const client = useQueryClient();
  const url = useTemplatesUrl();
  const kindId = useId();
  const list = useTemplateList({
    kind: url.state.kind,
    search: url.state.q,
    page: url.state.page,
    size: url.state.size,
  });
  const [renaming, setRenaming] = useState<TemplateRow | null>(null);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = list.data?.rows ?? [];
  const total = list.data?.totalCount ?? 0;

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      void client.invalidateQueries({ queryKey: templateKeys.all });
      setRenaming(null);
      setDeleting(null);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page doc-list" aria-labelledby="templates-title">
      <header className="doc-list-head">
        <h1 id="templates-title">{t('common:menu.templates')}</h1>
        <Link className="btn btn-primary" to={PATHS.create}>
          {t('workspace:list.create')}
        </Link>
      </header>
      <p className="muted">{t('workspace:templates.intro')}</p>
      <section className="doc-filters" aria-label={t('workspace:list.filters.label')}>
        <div className="doc-filter">
          <label htmlFor={kindId} className="doc-filter-label">
            {t('workspace:list.filters.kind')}
          </label>
          <Select
            id={kindId}
            size="sm"
            value={url.state.kind ?? ''}
            onChange={(e) => url.set({ kind: e.target.value || undefined })}
            placeholder={t('workspace:list.filters.anyKind')}
            options={listKindSummaries('documents').map((k) => ({ value: k.kind, label: t(k.titleKey) }))}
          />
        </div>
        <SearchField
          label={t('workspace:templates.search')}
          value={url.state.q}
          onApply={(q) => url.set({ q })}
        />
      </section>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <div className="card doc-error" role="alert">
          <p>{t('workspace:list.error', { message: list.error.message })}</p>
          <Button variant="secondary" onClick={() => list.refetch()}>
            {t('workspace:list.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="card doc-empty">
          <p>
            {url.state.kind || url.state.q
              ? t('workspace:list.nothingFound')
              : t('workspace:templates.empty')}
          </p>
        </div>
      ) : (
        <>
          <div className="table-wrap doc-table-wrap">
            <table className="table doc-table">
              <caption className="visually-hidden">
                {t('workspace:list.caption', { list: t('common:menu.templates'), total })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('workspace:templates.name')}</th>
                  <th scope="col">{t('workspace:list.columns.kind')}</th>
                  <th scope="col">{t('workspace:templates.author')}</th>
                  <th scope="col">{t('workspace:list.columns.updated')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('workspace:view.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label={t('workspace:templates.name')} className="doc-number">
                      <Link to={`${PATHS.create}?template=${row.id}`}>{row.name}</Link>
                    </td>
                    <td data-label={t('workspace:list.columns.kind')}>
                      {t(`documents:kinds.${row.kind}`, { defaultValue: row.kind })}
                    </td>
                    <td data-label={t('workspace:templates.author')}>{row.createdByName ?? ''}</td>
                    <td data-label={t('workspace:list.columns.updated')}>
                      {showDateTime(row.updatedAt, i18n.language)}
                    </td>
                    <td className="doc-row-actions">
                      <Link className="btn btn-secondary btn-sm" to={`${PATHS.create}?template=${row.id}`}>
                        {t('workspace:templates.use')}
                      </Link>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setRenaming(row)}
                        aria-label={t('workspace:templates.renameOf', { name: row.name })}
                      >
                        {t('workspace:templates.rename')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setDeleting(row)}
                        aria-label={t('workspace:templates.deleteOf', { name: row.name })}
                      >
                        {t('workspace:templates.delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={url.state.page}
            size={url.state.size}
            total={total}
            onPageChange={(page) => url.set({ page }, true)}
            onSizeChange={(size) => url.set({ size })}
          />
        </>
      )}
      {renaming && (
        <TemplateNameDialog
          open
          title={t('workspace:templates.rename')}
          initialName={renaming.name}
          busy={busy}
          onSave={(name) =>
            void act(
              () => changeTemplate({ id: renaming.id, name }),
              t('workspace:templates.renamed', { name }),
            )
          }
          onCancel={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('workspace:templates.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('workspace:templates.delete')}
        danger
        busy={busy}
        onConfirm={() =>
          deleting &&
          void act(
            () => changeTemplate({ id: deleting.id, delete: true }),
            t('workspace:templates.deleted', { name: deleting.name }),
          )
        }
        onCancel={() => setDeleting(null)}
      >
        <p>{t('workspace:templates.deleteText')}</p>
      </ConfirmDialog>
    </section>
  );
}
