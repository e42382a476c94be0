import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onApiEvent } from '../api/events';
import { Button, Modal } from '../ui';
import { technicalWork, useTechnicalWork } from './technicalWork';

/** The server-problem modal (500/502/503/504 or a network error) and the technical-work modal. */
export function SystemModals() {
  const { t } = useTranslation('common');
  const [serverProblem, setServerProblem] = useState<{ status: number | null } | null>(null);
  const work = useTechnicalWork();
  useEffect(
    () =>
      onApiEvent((e) => {
        if (e.type === 'server-problem') setServerProblem({ status: e.status });
        if (e.type === 'technical-work') technicalWork.show();
      }),
    [],
  );
  return (
    <>
      <Modal
        open={serverProblem !== null}
        role="alertdialog"
        title={t('serverProblem.title')}
        onClose={() => setServerProblem(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setServerProblem(null)}>
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
