import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX_LENGTH } from '../../../engine/lifecycle';
import { Button, Modal, Textarea } from '../../ui';

/**
 * Asks for the reason of an action (spec §4: rejecting needs one). `required`: the button stays
 * disabled and an error says why until there is text; at most 500 characters either way.
 */
export function ReasonDialog({
  open,
  title,
  confirmLabel,
  required,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  required: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['workspace', 'common']);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const hintId = useId();
  const text = reason.trim();
  const error =
    required && text === ''
      ? t('workspace:reason.required')
      : reason.length > REASON_MAX_LENGTH
        ? t('workspace:reason.tooLong', { max: REASON_MAX_LENGTH })
        : null;
  const submit = () => {
    setTried(true);
    if (!error) onConfirm(text);
  };
  const showError = error && (tried || reason.length > REASON_MAX_LENGTH);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button variant={required ? 'danger' : 'primary'} onClick={submit}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="form-item">
        <label htmlFor={fieldId} className="form-item-label">
          {t('workspace:reason.label')}
          {required && (
            <span className="form-item-required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        <Textarea
          id={fieldId}
          value={reason}
          required={required}
          invalid={Boolean(showError)}
          aria-describedby={`${hintId}${showError ? ` ${errorId}` : ''}`}
          rows={4}
          onChange={(e) => setReason(e.target.value)}
        />
        <span id={hintId} className="form-item-hint">
          {t('workspace:reason.counter', { count: reason.length, max: REASON_MAX_LENGTH })}
        </span>
        {showError && (
          <span id={errorId} className="form-item-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </Modal>
  );
}
