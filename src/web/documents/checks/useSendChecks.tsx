import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChecksAnswer, fetchDraftChecks } from '../../api/checks';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ChecksPanel } from './ChecksPanel';

/**
 * Before signing and sending: the server's checks of the content at the send. When a rule blocks, the
 * findings are listed in a dialog and the send is not offered (the server refuses it too). Warnings and
 * notes do not stop the send: the editor's panel lists them right above the send button as the person
 * types. A failure of the checks themselves never stops the person: the server checks at the send.
 */
export function useSendChecks(kind: string) {
  const { t } = useTranslation('checks');
  const [shown, setShown] = useState<ChecksAnswer | null>(null);
  const answer = useRef<((go: boolean) => void) | null>(null);

  async function confirm(content: unknown, documentId: string | undefined): Promise<boolean> {
    let found: ChecksAnswer;
    try {
      found = await fetchDraftChecks(kind, content, { documentId, moment: 'send' });
    } catch {
      return true;
    }
    if (!found.blocked) return true;
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setShown(found);
    });
  }

  const close = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
    setShown(null);
  };

  const element = shown ? (
    <Modal
      open
      role="alertdialog"
      title={t('panel.sendTitle')}
      onClose={() => close(false)}
      actions={
        <Button variant="secondary" onClick={() => close(false)}>
          {t('panel.back')}
        </Button>
      }
    >
      <p className="checks-failed">{t('panel.blockedHint')}</p>
      <ChecksPanel title={t('panel.title')} checks={shown.checks} />
    </Modal>
  ) : null;

  return { confirm, element };
}
