import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Role,
  useActionCatalogue,
  useDeleteRole,
  useRoleActions,
  useRoles,
  useSaveRole,
  useSetRoleActions,
} from '../../../api/settings';
import { ConfirmDialog } from '../../../documents/ConfirmDialog';
import { Button, FormItem, Input, Loading, Modal, Select, toast } from '../../../ui';
import { toastError } from '../shared/errors';
import { RightsMatrix } from '../shared/RightsMatrix';
import { roleLabel } from './roleLabel';

/**
 * Roles: the built-in ones (read-only) and the organisation's own. Choosing a role shows its rights
 * as the kinds × rights matrix; a custom role's rights are edited there.
 */
export function RolesTab() {
  const { t } = useTranslation(['settings', 'access']);
  const roles = useRoles();
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const remove = useDeleteRole();
  useEffect(() => {
    if (!selected && roles.data?.length) setSelected(roles.data[0].id);
  }, [selected, roles.data]);
  const role = roles.data?.find((r) => r.id === selected) ?? null;

  return (
    <div className="settings-grid two">
      <section className="card settings-section" aria-labelledby="roles-title">
        <h2 id="roles-title">
          {t('roles.title')}
          <Button onClick={() => setEditing('new')}>{t('roles.add')}</Button>
        </h2>
        {roles.isPending ? (
          <Loading />
        ) : (
          <ul className="stack" aria-label={t('roles.title')} style={{ listStyle: 'none', padding: 0 }}>
            {(roles.data ?? []).map((r) => (
              <li key={r.id} className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <Button
                  variant={r.id === selected ? 'primary' : 'ghost'}
                  size="sm"
                  aria-pressed={r.id === selected}
                  onClick={() => setSelected(r.id)}
                >
                  {roleLabel(t, r)}
                </Button>
                <span className="muted">
                  {r.builtIn ? t('roles.builtIn') : t('roles.custom')} ·{' '}
                  {t('roles.members', { count: r.membersCount })}
                </span>
                {!r.builtIn && (
                  <span className="settings-actions">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                      {t('rename')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(r)}>
                      {t('delete')}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {role && <RoleRights key={role.id} role={role} />}
      {editing && (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={setSelected}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('roles.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('roles.deleted'));
              if (selected === deleting.id) setSelected(null);
              setDeleting(null);
            },
            onError: (error) => {
              toastError(error);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}

function RoleRights({ role }: { role: Role }) {
  const { t } = useTranslation(['settings', 'access']);
  const catalogue = useActionCatalogue();
  const actions = useRoleActions(role.id);
  const setActions = useSetRoleActions();
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const current = draft ?? new Set(actions.data ?? []);
  const dirty = draft !== null;
  return (
    <section className="card settings-section" aria-labelledby="role-rights-title">
      <h2 id="role-rights-title">{t('roles.rightsOf', { name: roleLabel(t, role) })}</h2>
      {role.builtIn && <p className="muted">{t('roles.builtInNote')}</p>}
      {catalogue.data && actions.data ? (
        <RightsMatrix
          catalogue={catalogue.data}
          state={(code) => ({ checked: current.has(code) })}
          disabled={role.builtIn}
          onToggle={(code, checked) => {
            const next = new Set(current);
            if (checked) next.add(code);
            else next.delete(code);
            setDraft(next);
          }}
          caption={t('roles.rightsOf', { name: roleLabel(t, role) })}
        />
      ) : (
        <Loading />
      )}
      {!role.builtIn && (
        <p className="row" style={{ marginTop: '0.75rem' }}>
          <Button
            disabled={!dirty}
            loading={setActions.isPending}
            onClick={() =>
              setActions.mutate(
                { roleId: role.id, actions: [...current] },
                {
                  onSuccess: () => {
                    setDraft(null);
                    toast.success(t('roles.saved'));
                  },
                  onError: toastError,
                },
              )
            }
          >
            {t('save')}
          </Button>
          <Button variant="secondary" disabled={!dirty} onClick={() => setDraft(null)}>
            {t('cancel')}
          </Button>
        </p>
      )}
    </section>
  );
}

function RoleDialog({
  role,
  roles,
  onClose,
  onSaved,
}: {
  role: Role | null;
  roles: Role[];
  onClose(): void;
  onSaved(id: string): void;
}) {
  const { t } = useTranslation(['settings', 'access']);
  const save = useSaveRole();
  const nameId = useId();
  const descriptionId = useId();
  const baseId = useId();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [basedOn, setBasedOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!name.trim()) {
      setError(t('roles.nameRequired'));
      return;
    }
    save.mutate(
      { id: role?.id, name: name.trim(), description, basedOnRoleId: basedOn || undefined },
      {
        onSuccess: (saved) => {
          toast.success(t('roles.saved'));
          onSaved(saved.id);
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <Modal
      open
      title={role ? t('roles.renameTitle') : t('roles.addTitle')}
      onClose={save.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormItem htmlFor={nameId} label={t('roles.name')} required error={error}>
          <Input
            id={nameId}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            invalid={Boolean(error)}
          />
        </FormItem>
        <FormItem htmlFor={descriptionId} label={t('roles.description')}>
          <Input
            id={descriptionId}
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormItem>
        {!role && (
          <FormItem htmlFor={baseId} label={t('roles.basedOn')} hint={t('roles.basedOnHint')}>
            <Select
              id={baseId}
              value={basedOn}
              onChange={(e) => setBasedOn(e.target.value)}
              placeholder={t('roles.empty')}
              options={roles.map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
            />
          </FormItem>
        )}
      </form>
    </Modal>
  );
}
