import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import { apiFetch } from '../../api/client';
import { unwrap } from '../../api/documents';
import { Button, Modal } from '../../ui';
import { showDate } from '../format';

/** A document of the organisation's already sent that the content being saved repeats. */
export interface SentDuplicate {
  id: string;
  number: string;
  date: string;
  statusName: string;
  counterpartyName: string | null;
}

type Intent = 'draft' | 'send';

/**
 * Before saving or sending (issue 26): asks the server whether the organisation already sent this
 * document (same kind, counterparty, number and date, not cancelled or rejected). A draft may still be
 * saved after the warning; a send is not offered — the server refuses it, and the person is shown the
 * document already sent. The look-up failing never stops the person: the send is checked again there.
 */
export function useDuplicateWarning(kind: string) {
  const { t, i18n } = useTranslation(['workspace', 'common']);
  const [asked, setAsked] = useState<{ duplicate: SentDuplicate; intent: Intent } | null>(null);
  const answer = useRef<((go: boolean) => void) | null>(null);

  async function find(content: unknown, documentId?: string): Promise<SentDuplicate | null> {
    try {
      const data = unwrap<{ duplicate: SentDuplicate | null }>(
        await apiFetch('Document/findDuplicate', {
          method: 'POST',
          query: { kind, ...(documentId ? { documentId } : {}) },
          body: content,
          quiet: true,
        }),
      );
      return data.duplicate;
    } catch {
      return null;
    }
  }

  /** True when the save may go on: no duplicate, or a draft the person chose to save anyway. */
  async function confirm(content: unknown, documentId: string | undefined, intent: Intent): Promise<boolean> {
    const duplicate = await find(content, documentId);
    if (!duplicate) return true;
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsked({ duplicate, intent });
    });
  }

  const close = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
    setAsked(null);
  };

  const element = asked ? (
    <Modal
      open
      role="alertdialog"
      title={t('workspace:editor.duplicate.title')}
      onClose={() => close(false)}
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {asked.intent === 'draft' ? t('common:cancel') : t('workspace:editor.duplicate.back')}
          </Button>
          {asked.intent === 'draft' && (
            <Button onClick={() => close(true)}>{t('workspace:editor.duplicate.saveAnyway')}</Button>
          )}
        </>
      }
    >
      <p className="doc-duplicate-text">
        {t('workspace:editor.duplicate.text', {
          number: asked.duplicate.number,
          date: showDate(asked.duplicate.date, i18n.language),
          counterparty: asked.duplicate.counterpartyName ?? '—',
          status: asked.duplicate.statusName,
        })}
      </p>
      <p className="muted">
        {asked.intent === 'draft'
          ? t('workspace:editor.duplicate.draftHint')
          : t('workspace:editor.duplicate.sendHint')}
      </p>
      <p>
        <Link to={PATHS.view.replace(':id', asked.duplicate.id)} target="_blank" rel="noopener">
          {t('workspace:editor.duplicate.open', { number: asked.duplicate.number })}
        </Link>
      </p>
    </Modal>
  ) : null;

  return { confirm, element };
}
