import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnInfo } from '../../../api/settings';
import { Button, FormItem, Input, Modal } from '../../../ui';
import './integrations.css';

/** Keys and webhooks are the owner's or an admin's (the server refuses anyone else with 403). */
export function useManagesIntegrations(): { pending: boolean; allowed: boolean } {
  const own = useOwnInfo();
  return {
    pending: own.isPending,
    allowed: own.data?.membership === 'owner' || own.data?.membership === 'admin',
  };
}

/**
 * A secret as it is issued: shown once, with a copy button and the warning that it cannot be shown
 * again. Closing asks nothing more: the warning says it all.
 */
export function SecretOnce({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Modal
      open={secret !== null}
      role="alertdialog"
      title={title}
      onClose={() => {
        setCopied(null);
        onClose();
      }}
      actions={
        <Button
          onClick={() => {
            setCopied(null);
            onClose();
          }}
        >
          {t('screens.secret.done')}
        </Button>
      }
    >
      <p className="settings-demo-note" data-testid="secret-warning">
        <strong>{t('screens.secret.title')}.</strong> {t('screens.secret.warning')}
      </p>
      <div className="secret-once">
        <code data-testid="issued-secret" className="secret-value">
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied === 'yes' ? t('screens.secret.copied') : t('screens.secret.copy')}
        </Button>
      </div>
      <p role="status" className="muted">
        {copied === 'yes'
          ? t('screens.secret.copied')
          : copied === 'failed'
            ? t('screens.secret.copyFailed')
            : ''}
      </p>
    </Modal>
  );
}

/** Hours the previous secret keeps working after a rotation (0–720, 24 by default). */
export function OverlapField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('integrations');
  return (
    <FormItem htmlFor={id} label={t('screens.common.overlap')} hint={t('screens.common.overlapHint')}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={720}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormItem>
  );
}

/** The overlap typed, within 0–720 (24 when it is not a number). */
export const overlapHours = (value: string) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(720, Math.max(0, n)) : 24;
};
