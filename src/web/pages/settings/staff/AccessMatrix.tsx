import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StaffMember, useAccessList, useActionCatalogue, useChangeAccess } from '../../../api/settings';
import { Button, Loading, Modal, toast } from '../../../ui';
import { toastError } from '../shared/errors';
import { RightsMatrix } from '../shared/RightsMatrix';

/**
 * One staff member's access: what their role grants, their own overrides (granted or withheld) and
 * what holds; changes are kept here and saved together.
 */
export function AccessMatrix({ member, onClose }: { member: StaffMember; onClose(): void }) {
  const { t } = useTranslation(['settings', 'access']);
  const catalogue = useActionCatalogue();
  const access = useAccessList(member.userId);
  const change = useChangeAccess();
  /** code → the value the person set now (compared with the role to make an override). */
  const [pending, setPending] = useState<Map<string, boolean>>(new Map());
  const entries = new Map((access.data?.entries ?? []).map((e) => [e.code, e]));

  const shown = (code: string) => pending.get(code) ?? entries.get(code)?.allowed ?? false;
  const state = (code: string) => {
    const entry = entries.get(code);
    const checked = shown(code);
    if (!entry) return { checked };
    if (access.data?.isOwner) return { checked: true, note: t('matrix.owner') };
    // Only the person's own settings are marked; the rest is what the role gives.
    if (checked === entry.fromRole) return { checked };
    return { checked, note: checked ? t('matrix.granted') : t('matrix.withheld'), override: true };
  };
  const toggle = (code: string, checked: boolean) =>
    setPending((current) => {
      const next = new Map(current);
      if (checked === entries.get(code)?.allowed) next.delete(code);
      else next.set(code, checked);
      return next;
    });

  const save = (changes: Array<{ action: string; allowed: boolean | null }>) =>
    change.mutate(
      { userId: member.userId, changes },
      {
        onSuccess: () => {
          setPending(new Map());
          toast.success(t('access.saved'));
        },
        onError: toastError,
      },
    );
  const onSave = () =>
    save(
      [...pending].map(([action, checked]) => ({
        action,
        // Back to what the role grants: no override left.
        allowed: checked === entries.get(action)?.fromRole ? null : checked,
      })),
    );
  const onReset = () =>
    save(
      [...entries.values()]
        .filter((e) => e.override !== null)
        .map((e) => ({ action: e.code, allowed: null })),
    );

  return (
    <Modal
      open
      title={t('access.title', { name: member.fullName })}
      onClose={change.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onReset} disabled={change.isPending || access.data?.isOwner}>
            {t('access.reset')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            {t('close')}
          </Button>
          <Button onClick={onSave} loading={change.isPending} disabled={pending.size === 0}>
            {t('access.save', { count: pending.size })}
          </Button>
        </>
      }
    >
      <div className="modal-wide-body">
        {access.data?.isOwner && <p className="muted">{t('access.ownerNote')}</p>}
        {!member.isActive && <p className="muted">{t('access.inactiveNote')}</p>}
        {catalogue.data && access.data ? (
          <RightsMatrix
            catalogue={catalogue.data}
            state={state}
            disabled={access.data.isOwner}
            onToggle={toggle}
            caption={t('access.title', { name: member.fullName })}
          />
        ) : (
          <Loading />
        )}
        <p className="access-legend">
          <span>{t('matrix.legendRole')}</span>
          <span>{t('matrix.legendOwn')}</span>
        </p>
      </div>
    </Modal>
  );
}
