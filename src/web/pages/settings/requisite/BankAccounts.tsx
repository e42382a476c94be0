import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BankAccount, requisitesCalls, useAccounts, useRequisitesMutation } from '../../../api/settings';
import { ConfirmDialog } from '../../../documents/ConfirmDialog';
import { Button, type Column, EmptyState, Loading, Table, toast } from '../../../ui';
import { fieldErrorsOf, toastError } from '../shared/errors';
import { SettingsFormModal } from '../shared/SettingsFormModal';

type AccountForm = { account: string; mfo: string; bankName?: string; currency?: string; isMain?: boolean };

/** The organisation's bank accounts; the main one fills the company form and documents. */
export function BankAccounts({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const accounts = useAccounts();
  const save = useRequisitesMutation(requisitesCalls.saveAccount);
  const toggle = useRequisitesMutation(requisitesCalls.toggleAccount);
  const remove = useRequisitesMutation(requisitesCalls.deleteAccount);
  const [editing, setEditing] = useState<BankAccount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrorsOf>>(null);

  const columns: Array<Column<BankAccount>> = [
    {
      key: 'account',
      header: t('accounts.account'),
      cell: (a) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{a.account}</span>,
    },
    { key: 'bank', header: t('accounts.bank'), cell: (a) => [a.mfo, a.bankName].filter(Boolean).join(' — ') },
    { key: 'currency', header: t('accounts.currency'), cell: (a) => a.currency },
    {
      key: 'state',
      header: t('accounts.state'),
      cell: (a) =>
        [a.isMain && t('accounts.main'), a.isActive ? t('staff.active') : t('staff.inactive')]
          .filter(Boolean)
          .join(', '),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">{t('staff.actions')}</span>,
      cell: (a) => (
        <span className="settings-actions">
          <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>
            {t('edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(a.id, { onError: toastError })}
          >
            {a.isActive ? t('staff.deactivate') : t('staff.activate')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(a)}>
            {t('delete')}
          </Button>
        </span>
      ),
    });

  return (
    <section className="card settings-section" aria-labelledby="accounts-title">
      <h2 id="accounts-title">
        {t('accounts.title')}
        {canEdit && <Button onClick={() => setEditing('new')}>{t('accounts.add')}</Button>}
      </h2>
      {accounts.isPending ? (
        <Loading />
      ) : (
        <Table
          columns={columns}
          rows={accounts.data ?? []}
          rowKey={(a) => a.id}
          caption={t('accounts.title')}
          empty={<EmptyState>{t('accounts.empty')}</EmptyState>}
        />
      )}
      <SettingsFormModal<AccountForm>
        open={Boolean(editing)}
        form="bankAccount"
        title={editing === 'new' ? t('accounts.add') : t('accounts.edit')}
        initial={editing && editing !== 'new' ? editing : { currency: 'UZS' }}
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
                toast.success(t('accounts.saved'));
                setEditing(null);
                setErrors(null);
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
        title={t('accounts.deleteTitle', { account: deleting?.account ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('accounts.deleted'));
              setDeleting(null);
            },
            onError: toastError,
          })
        }
      />
    </section>
  );
}
