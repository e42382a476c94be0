import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal } from '../../ui';

const NAME_MAX = 200;

/** Asks for a template's name (save as template, rename). */
export function TemplateNameDialog({
  open,
  title,
  initialName,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  title: string;
  initialName: string;
  busy?: boolean;
  onSave(name: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['workspace', 'common']);
  const [name, setName] = useState(initialName);
  const [tried, setTried] = useState(false);
  const id = useId();
  const error = name.trim() === '' ? t('workspace:errors.templateNameRequired') : null;
  return (
    <Modal
      open={open}
      title={title}
      onClose={busy ? undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              setTried(true);
              if (!error) onSave(name.trim());
            }}
          >
            {t('workspace:templates.save')}
          </Button>
        </>
      }
    >
      <div className="form-item">
        <label htmlFor={id} className="form-item-label">
          {t('workspace:templates.name')}
        </label>
        <Input
          id={id}
          value={name}
          maxLength={NAME_MAX}
          invalid={Boolean(tried && error)}
          aria-describedby={tried && error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setTried(true);
              if (!error) onSave(name.trim());
            }
          }}
        />
        {tried && error && (
          <span id={`${id}-error`} className="form-item-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </Modal>
  );
}
