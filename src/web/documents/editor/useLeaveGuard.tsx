import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * A warning before leaving a page with unsaved changes: inside the app (a dialog) and when the tab
 * is closed or reloaded (the browser's own question). `allow()` lets the next navigation through
 * (after a save).
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation('workspace');
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only with a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const element = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('editor.leave.title')}
      confirmLabel={t('editor.leave.confirm')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('editor.leave.text')}</p>
    </ConfirmDialog>
  );
  return {
    element,
    allow: () => {
      allowed.current = true;
    },
  };
}
