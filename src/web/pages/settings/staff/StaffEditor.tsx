import type Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type StaffMember,
  type StaffPerson,
  useAddStaff,
  useBranches,
  useDepartments,
  usePositions,
  useRoles,
  useUpdateStaff,
} from '../../../api/settings';
import { DocumentForm } from '../../../form/DocumentForm';
import { useFormKind } from '../../../form/kinds';
import { Button, FormItem, Loading, Modal, Select, toast } from '../../../ui';
import { fieldErrorsOf, toastError } from '../shared/errors';
import { roleLabel } from './roleLabel';

/**
 * Adds or edits a staff member: the person through the staff form (schemas/settings/staff: the same
 * schema the server checks) and, beside it, the role, department, position and branch from the
 * organisation's own lists. A person who signed up on their own keeps their name and contacts.
 */
export function StaffEditor({ member, onClose }: { member: StaffMember | null; onClose(): void }) {
  const { t } = useTranslation(['settings', 'access']);
  const ids = { role: useId(), department: useId(), position: useId(), branch: useId() };
  const roles = useRoles();
  const departments = useDepartments();
  const positions = usePositions();
  const branches = useBranches();
  const add = useAddStaff();
  const update = useUpdateStaff();
  const formRef = useRef<Form | null>(null);
  const [errors, setErrors] = useState<ErrorSchema | null>(null);
  const [roleId, setRoleId] = useState(
    member?.roleId ?? roles.data?.find((r) => r.code === 'viewer')?.id ?? '',
  );
  const [departmentId, setDepartmentId] = useState(member?.departmentId ?? '');
  const [positionId, setPositionId] = useState(member?.positionId ?? '');
  const [branchCode, setBranchCode] = useState(member?.branchCode ?? '');
  const [roleMissing, setRoleMissing] = useState(false);
  const busy = add.isPending || update.isPending;
  const editsPerson = !member || member.managed;

  const assignment = () => ({
    roleId,
    departmentId: departmentId || null,
    positionId: positionId || null,
    branchCode: branchCode || null,
  });
  const failed = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(fields);
    if (!fields) toastError(error);
  };
  const submit = (person: StaffPerson | null) => {
    if (!roleId) {
      setRoleMissing(true);
      return;
    }
    if (!member) {
      add.mutate(
        { ...(person as StaffPerson), ...assignment() },
        {
          onSuccess: (data) => {
            toast.success(
              data.linkedExisting ? t('staff.linked', { name: data.staff.fullName }) : t('staff.added'),
            );
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    const { Pinfl: _pinfl, Password: _password, ...contacts } = person ?? {};
    update.mutate(
      {
        id: member.userId,
        ...(person
          ? { FullName: contacts.FullName, Phone: contacts.Phone ?? '', Email: contacts.Email ?? '' }
          : {}),
        ...assignment(),
      },
      {
        onSuccess: () => {
          toast.success(t('staff.saved'));
          onClose();
        },
        onError: failed,
      },
    );
  };
  const onSave = () => (editsPerson ? formRef.current?.submit() : submit(null));

  const visiblePositions = (positions.data ?? []).filter(
    (p) => !departmentId || !p.departmentId || p.departmentId === departmentId,
  );
  const initial: StaffPerson = member
    ? {
        FullName: member.fullName,
        Pinfl: member.pinfl ?? undefined,
        ...(member.phone ? { Phone: `+${member.phone}` } : {}),
        ...(member.email ? { Email: member.email } : {}),
      }
    : {};

  return (
    <Modal
      open
      title={member ? t('staff.editTitle', { name: member.fullName }) : t('staff.addTitle')}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button onClick={onSave} loading={busy}>
            {member ? t('save') : t('staff.add')}
          </Button>
        </>
      }
    >
      <div className="settings-modal-body wide">
        {editsPerson ? (
          <Suspense fallback={<Loading />}>
            <PersonForm
              initial={initial}
              formRef={formRef}
              extraErrors={errors}
              editing={Boolean(member)}
              onSubmit={submit}
            />
          </Suspense>
        ) : (
          <>
            <dl className="settings-facts">
              <dt>{t('staff.fullName')}</dt>
              <dd>{member.fullName}</dd>
              <dt>{t('staff.pinfl')}</dt>
              <dd>{member.pinfl}</dd>
              <dt>{t('staff.phone')}</dt>
              <dd>{member.phone ? `+${member.phone}` : '—'}</dd>
            </dl>
            <p className="muted">{t('staff.notManaged')}</p>
          </>
        )}
        {!member && <p className="muted">{t('staff.linkHint')}</p>}
        <div className="settings-grid two">
          <FormItem
            htmlFor={ids.role}
            label={t('staff.role')}
            required
            error={roleMissing ? t('staff.roleRequired') : null}
          >
            <Select
              id={ids.role}
              value={roleId}
              onChange={(e) => {
                setRoleId(e.target.value);
                setRoleMissing(false);
              }}
              placeholder={t('staff.chooseRole')}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
              invalid={roleMissing}
            />
          </FormItem>
          <FormItem htmlFor={ids.branch} label={t('staff.branch')} hint={t('staff.branchHint')}>
            <Select
              id={ids.branch}
              value={branchCode}
              onChange={(e) => setBranchCode(e.target.value)}
              placeholder={t('staff.noBranch')}
              options={(branches.data ?? []).map((b) => ({ value: b.code, label: `${b.code} — ${b.name}` }))}
            />
          </FormItem>
          <FormItem htmlFor={ids.department} label={t('staff.department')}>
            <Select
              id={ids.department}
              value={departmentId}
              onChange={(e) => setDepartmentId(e.target.value)}
              placeholder={t('staff.none')}
              options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </FormItem>
          <FormItem htmlFor={ids.position} label={t('staff.position')}>
            <Select
              id={ids.position}
              value={positionId}
              onChange={(e) => setPositionId(e.target.value)}
              placeholder={t('staff.none')}
              options={visiblePositions.map((p) => ({ value: p.id, label: p.name }))}
            />
          </FormItem>
        </div>
      </div>
    </Modal>
  );
}

function PersonForm({
  initial,
  formRef,
  extraErrors,
  editing,
  onSubmit,
}: {
  initial: StaffPerson;
  formRef: React.RefObject<Form | null>;
  extraErrors: ErrorSchema | null;
  editing: boolean;
  onSubmit(person: StaffPerson): void;
}) {
  const definition = useFormKind('staff');
  if (!definition) return <Loading />;
  // Editing: the PINFL is the person's identity, and a password is theirs to change.
  const ui: UiSchema = editing
    ? { ...(definition.ui as UiSchema), Pinfl: { 'ui:readonly': true }, Password: { 'ui:widget': 'hidden' } }
    : (definition.ui as UiSchema);
  return (
    <DocumentForm
      schema={definition.schema as RJSFSchema}
      uiSchema={ui}
      mode={editing ? 'update' : 'create'}
      initialData={initial}
      formRef={formRef}
      hideSubmit
      extraErrors={extraErrors ?? undefined}
      idPrefix="staff"
      onSubmit={(data) => onSubmit(data as StaffPerson)}
    />
  );
}
