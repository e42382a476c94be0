import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentAction } from '../../api/documents';
import { Button, type ButtonVariant } from '../../ui/Button';

/** Spec §4 results that refuse or withdraw: their buttons do not look like the way forward. */
const NEGATIVE_RESULTS = new Set([2, 4, 6, 14]);
const LOCAL_ORDER = ['edit', 'copy', 'bin', 'restore', 'deleteDraft', 'deleteForever'];

function variantOf(action: DocumentAction, firstPositive: boolean): ButtonVariant {
  if (action.kind === 'sign') {
    if (action.result !== undefined && NEGATIVE_RESULTS.has(action.result)) return 'danger';
    return firstPositive ? 'primary' : 'secondary';
  }
  if (action.name === 'deleteDraft' || action.name === 'deleteForever') return 'ghost';
  return 'secondary';
}

/**
 * Exactly the actions the API says the user may take now (the view's `actions`, already filtered by
 * status, role and rights): life-cycle actions first, then the local ones (edit, copy, bin, …), then
 * what other areas add (`extra`: print, PDF, downloads). Nothing is shown that the server would refuse.
 */
export function ActionBar({
  actions,
  busy,
  onSign,
  onLocal,
  extra,
}: {
  actions: DocumentAction[];
  busy?: string | null;
  onSign(action: DocumentAction): void;
  onLocal(action: DocumentAction): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('workspace');
  const signed = actions.filter((a) => a.kind === 'sign');
  const local = actions
    .filter((a) => a.kind === 'local')
    .sort((a, b) => LOCAL_ORDER.indexOf(a.name) - LOCAL_ORDER.indexOf(b.name));
  const firstPositive = signed.find((a) => !(a.result !== undefined && NEGATIVE_RESULTS.has(a.result)));
  return (
    <div className="doc-actions" role="toolbar" aria-label={t('view.actions')}>
      {signed.map((action) => (
        <Button
          key={action.name}
          variant={variantOf(action, action === firstPositive)}
          disabled={Boolean(busy)}
          loading={busy === action.name}
          onClick={() => onSign(action)}
          data-action={action.name}
        >
          {t(`actions.${action.name}`)}
        </Button>
      ))}
      {local.map((action) => (
        <Button
          key={action.name}
          variant={variantOf(action, false)}
          disabled={Boolean(busy)}
          loading={busy === action.name}
          onClick={() => onLocal(action)}
          data-action={action.name}
        >
          {t(`actions.${action.name}`)}
        </Button>
      ))}
      {extra}
    </div>
  );
}
