import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StaffMember, useDeleteStaff, useStaffList, useUpdateStaff } from '../../../api/settings';
import { ConfirmDialog } from '../../../documents/ConfirmDialog';
import { showDate } from '../../../documents/format';
import {
  Button,
  type Column,
  EmptyState,
  Input,
  Loading,
  Pagination,
  Select,
  Table,
  toast,
} from '../../../ui';
import { toastError } from '../shared/errors';
import { AccessMatrix } from './AccessMatrix';
import { roleLabel } from './roleLabel';
import { StaffEditor } from './StaffEditor';

const SIZES = [20, 50, 100] as const;

/** The staff list: search, active filter, add, edit, access, activate/deactivate, delete. */
export function StaffTab() {
  const { t, i18n } = useTranslation(['settings', 'access']);
  const searchId = useId();
  const activeId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'' | 'true' | 'false'>('');
  const list = useStaffList({
    page,
    pageSize,
    search: search.trim() || undefined,
    isActive: active === '' ? undefined : active === 'true',
  });
  const update = useUpdateStaff();
  const remove = useDeleteStaff();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [access, setAccess] = useState<StaffMember | null>(null);
  const [deleting, setDeleting] = useState<StaffMember | null>(null);

  const toggleActive = (member: StaffMember) =>
    update.mutate(
      {
        id: member.userId,
        roleId: member.roleId,
        departmentId: member.departmentId,
        positionId: member.positionId,
        branchCode: member.branchCode,
        isActive: !member.isActive,
      },
      {
        onSuccess: (data) =>
          toast.success(
            data.isActive
              ? t('staff.activated', { name: data.fullName })
              : t('staff.deactivated', { name: data.fullName }),
          ),
        onError: toastError,
      },
    );

  const columns: Array<Column<StaffMember>> = [
    {
      key: 'name',
      header: t('staff.fullName'),
      cell: (m) => (
        <>
          <strong>{m.fullName}</strong>
          <div className="muted">
            {m.pinfl} · {t('staff.addedOn', { date: showDate(m.addedAt, i18n.language) })}
          </div>
          {(m.phone || m.email) && (
            <div className="muted">{[m.phone && `+${m.phone}`, m.email].filter(Boolean).join(', ')}</div>
          )}
        </>
      ),
    },
    {
      key: 'role',
      header: t('staff.role'),
      cell: (m) => (
        <>
          {m.isOwner ? t('staff.owner') : roleLabel(t, { code: m.roleCode, name: m.roleName ?? '' })}
          <div className="muted">
            {[
              m.departmentName,
              m.positionName,
              m.branchCode && t('staff.branchShort', { code: m.branchCode }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </>
      ),
    },
    {
      key: 'status',
      header: t('staff.status'),
      cell: (m) =>
        m.isActive ? t('staff.active') : <span className="settings-status-off">{t('staff.inactive')}</span>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('staff.actions')}</span>,
      cell: (m) => (
        <div className="settings-actions">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setAccess(m)}
            aria-label={t('staff.accessOf', { name: m.fullName })}
          >
            {t('staff.access')}
          </Button>
          {!m.isOwner && (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setEditing(m)}
                aria-label={t('staff.editOf', { name: m.fullName })}
              >
                {t('edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => toggleActive(m)}
                disabled={update.isPending}
                aria-label={t(m.isActive ? 'staff.deactivateOf' : 'staff.activateOf', { name: m.fullName })}
              >
                {m.isActive ? t('staff.deactivate') : t('staff.activate')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => setDeleting(m)}
                aria-label={t('staff.deleteOf', { name: m.fullName })}
              >
                {t('delete')}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="card settings-section" aria-labelledby="staff-list-title">
      <h2 id="staff-list-title">
        {t('staff.title')}
        <Button onClick={() => setEditing('new')}>{t('staff.add')}</Button>
      </h2>
      <div className="settings-toolbar">
        <label className="visually-hidden" htmlFor={searchId}>
          {t('staff.search')}
        </label>
        <Input
          id={searchId}
          className="grow"
          type="search"
          placeholder={t('staff.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <label className="visually-hidden" htmlFor={activeId}>
          {t('staff.status')}
        </label>
        <Select
          id={activeId}
          value={active}
          onChange={(e) => {
            setActive(e.target.value as typeof active);
            setPage(1);
          }}
          options={[
            { value: '', label: t('staff.allStatuses') },
            { value: 'true', label: t('staff.active') },
            { value: 'false', label: t('staff.inactive') },
          ]}
        />
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : (
        <>
          <Table
            columns={columns}
            rows={list.data.rows}
            rowKey={(m) => m.userId}
            caption={t('staff.title')}
            empty={<EmptyState>{t('staff.empty')}</EmptyState>}
          />
          {list.data.totalCount > pageSize && (
            <Pagination
              page={page}
              size={pageSize}
              sizes={SIZES}
              total={list.data.totalCount}
              onPageChange={setPage}
              onSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              label={t('staff.title')}
            />
          )}
        </>
      )}
      {editing && (
        <StaffEditor member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {access && <AccessMatrix member={access} onClose={() => setAccess(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('staff.deleteTitle', { name: deleting?.fullName ?? '' })}
        confirmLabel={t('staff.deleteConfirm')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.userId, {
            onSuccess: () => {
              toast.success(t('staff.deleted', { name: deleting.fullName }));
              setDeleting(null);
            },
            onError: toastError,
          })
        }
      >
        <p>{t('staff.deleteWarning')}</p>
      </ConfirmDialog>
    </section>
  );
}
