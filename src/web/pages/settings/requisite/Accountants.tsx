import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Accountant,
  requisitesCalls,
  useAccountants,
  useRequisitesMutation,
  useStaffBrief,
} from '../../../api/settings';
import { Button, type Column, EmptyState, Loading, Select, Table, toast } from '../../../ui';
import { fieldErrorsOf, toastError } from '../shared/errors';
import { SettingsFormModal } from '../shared/SettingsFormModal';

type AccountantForm = { fullName: string; pinfl?: string; isMain?: boolean };

/** Accountants a document may name; the chief one is the company form's Accountant. */
export function Accountants({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const accountants = useAccountants();
  const staff = useStaffBrief();
  const save = useRequisitesMutation(requisitesCalls.saveAccountant);
  const toggle = useRequisitesMutation(requisitesCalls.toggleAccountant);
  const chief = useRequisitesMutation(requisitesCalls.setChiefAccountant);
  const [editing, setEditing] = useState<Accountant | 'new' | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrorsOf>>(null);
  const [member, setMember] = useState('');
  const memberId = useId();
  const columns: Array<Column<Accountant>> = [
    { key: 'name', header: t('staff.fullName'), cell: (a) => a.fullName },
    { key: 'pinfl', header: t('staff.pinfl'), cell: (a) => a.pinfl ?? '—' },
    {
      key: 'state',
      header: t('accounts.state'),
      cell: (a) =>
        [
          a.isMain && t('accountants.chief'),
          a.userId && t('accountants.staff'),
          a.isActive ? t('staff.active') : t('staff.inactive'),
        ]
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
        </span>
      ),
    });
  return (
    <section className="card settings-section" aria-labelledby="accountants-title">
      <h2 id="accountants-title">
        {t('accountants.title')}
        {canEdit && <Button onClick={() => setEditing('new')}>{t('accountants.add')}</Button>}
      </h2>
      {accountants.isPending ? (
        <Loading />
      ) : (
        <Table
          columns={columns}
          rows={accountants.data ?? []}
          rowKey={(a) => a.id}
          caption={t('accountants.title')}
          empty={<EmptyState>{t('accountants.empty')}</EmptyState>}
        />
      )}
      {canEdit && (
        <div className="settings-toolbar" style={{ marginTop: '0.75rem' }}>
          <label htmlFor={memberId}>{t('accountants.fromStaff')}</label>
          <Select
            id={memberId}
            className="grow"
            value={member}
            onChange={(e) => setMember(e.target.value)}
            placeholder={t('accountants.chooseStaff')}
            options={(staff.data ?? []).map((s) => ({ value: s.userId, label: s.fullName }))}
          />
          <Button
            variant="secondary"
            disabled={!member}
            loading={chief.isPending}
            onClick={() =>
              chief.mutate(member, {
                onSuccess: () => {
                  toast.success(t('accountants.chiefSet'));
                  setMember('');
                },
                onError: toastError,
              })
            }
          >
            {t('accountants.makeChief')}
          </Button>
        </div>
      )}
      <SettingsFormModal<AccountantForm>
        open={Boolean(editing)}
        form="accountant"
        title={editing === 'new' ? t('accountants.add') : t('accountants.edit')}
        initial={
          editing && editing !== 'new'
            ? { fullName: editing.fullName, pinfl: editing.pinfl ?? undefined, isMain: editing.isMain }
            : {}
        }
        busy={save.isPending}
        extraErrors={errors}
        onClose={() => {
          setEditing(null);
          setErrors(null);
        }}
        onSubmit={(data) =>
          save.mutate(
            { ...data, pinfl: data.pinfl ?? null, id: editing && editing !== 'new' ? editing.id : undefined },
            {
              onSuccess: () => {
                toast.success(t('accountants.saved'));
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
    </section>
  );
}
