import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { technicalWork, useTechnicalWork } from './technicalWork';

/** The server-problem and technical-work dialogs: loaded when one is first needed (SystemModals). */
export default function SystemDialogs({
  serverProblem,
  onCloseServerProblem,
}: {
  serverProblem: { status: number | null } | null;
  onCloseServerProblem: () => void;
}) {
  const { t } = useTranslation('common');
  const work = useTechnicalWork();
  return (
    <>
      <Modal
        open={serverProblem !== null}
        role="alertdialog"
        title={t('serverProblem.title')}
        onClose={onCloseServerProblem}
        actions={
          <>
            <Button variant="secondary" onClick={onCloseServerProblem}>
              {t('close')}
            </Button>
            <Button onClick={() => window.location.reload()}>{t('refresh')}</Button>
          </>
        }
      >
        <p data-testid="server-problem">{t('serverProblem.text')}</p>
        {serverProblem?.status ? (
          <p className="muted">{t('serverProblem.status', { status: serverProblem.status })}</p>
        ) : (
          <p className="muted">{t('serverProblem.network')}</p>
        )}
      </Modal>
      <Modal
        open={work.show}
        role="alertdialog"
        title={t('technicalWork.title')}
        onClose={technicalWork.hide}
        actions={
          <Button loading={work.refreshing} onClick={technicalWork.refresh}>
            {t('refresh')}
          </Button>
        }
      >
        <p>{t('technicalWork.text')}</p>
      </Modal>
    </>
  );
}
