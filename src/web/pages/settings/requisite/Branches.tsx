import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Branch, requisitesCalls, useBranches, useRequisitesMutation } from '../../../api/settings';
import { ConfirmDialog } from '../../../documents/ConfirmDialog';
import { Button, type Column, EmptyState, Loading, Table, toast } from '../../../ui';
import { fieldErrorsOf, toastError } from '../shared/errors';
import { SettingsFormModal } from '../shared/SettingsFormModal';

type BranchForm = { code: string; name: string; address?: string; isActive?: boolean };

/** Branches (the BranchCode/BranchName of a party); staff may be placed in one. */
export function Branches({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const branches = useBranches();
  const save = useRequisitesMutation(requisitesCalls.saveBranch);
  const remove = useRequisitesMutation(requisitesCalls.deleteBranch);
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrorsOf>>(null);
  const columns: Array<Column<Branch>> = [
    { key: 'code', header: t('branches.code'), cell: (b) => b.code },
    { key: 'name', header: t('branches.name'), cell: (b) => b.name },
    { key: 'address', header: t('branches.address'), cell: (b) => b.address || '—' },
    { key: 'staff', header: t('structure.staffCount'), numeric: true, cell: (b) => b.staffCount },
    {
      key: 'state',
      header: t('staff.status'),
      cell: (b) => (b.isActive ? t('staff.active') : t('staff.inactive')),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">{t('staff.actions')}</span>,
      cell: (b) => (
        <span className="settings-actions">
          <Button size="sm" variant="secondary" onClick={() => setEditing(b)}>
            {t('edit')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(b)}>
            {t('delete')}
          </Button>
        </span>
      ),
    });
  return (
    <section className="card settings-section" aria-labelledby="branches-title">
      <h2 id="branches-title">
        {t('branches.title')}
        {canEdit && <Button onClick={() => setEditing('new')}>{t('branches.add')}</Button>}
      </h2>
      {branches.isPending ? (
        <Loading />
      ) : (
        <Table
          columns={columns}
          rows={branches.data ?? []}
          rowKey={(b) => b.id}
          caption={t('branches.title')}
          empty={<EmptyState>{t('branches.empty')}</EmptyState>}
        />
      )}
      <SettingsFormModal<BranchForm>
        open={Boolean(editing)}
        form="branch"
        title={editing === 'new' ? t('branches.add') : t('branches.edit')}
        initial={editing && editing !== 'new' ? editing : { isActive: true }}
        busy={save.isPending}
        extraErrors={errors}
        onClose={() => {
          setEditing(null);
          setErrors(null);
        }}
        onSubmit={(data) =>
          save.mutate(
            { ...data, id: editing && editing !== 'new' ? editing.id : undefined },
            {
              onSuccess: () => {
                toast.success(t('branches.saved'));
                setEditing(null);
              },
              onError: (error) => {
                const fields = fieldErrorsOf(error);
                setErrors(fields);
                if (!fields) toastError(error);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('branches.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('branches.deleted'));
              setDeleting(null);
            },
            onError: toastError,
          })
        }
      >
        <p>{t('branches.deleteNote')}</p>
      </ConfirmDialog>
    </section>
  );
}
