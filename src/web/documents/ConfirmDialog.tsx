import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../ui';

/** A yes/no question (alertdialog); the confirming button names the action. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={title}
      onClose={busy ? undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
