import { lazy, Suspense, useEffect, useState } from 'react';
import { onApiEvent } from '../api/events';
import { technicalWork, useTechnicalWork } from './technicalWork';

const loadDialogs = () => import('./SystemDialogs');
const SystemDialogs = lazy(loadDialogs);

/**
 * Fetches the dialogs' code ahead of need: called by the signed-in shell, so that a later outage
 * does not depend on loading it. The sign-in screen stays without it (its size budget).
 */
export function prefetchSystemDialogs() {
  loadDialogs().catch(() => undefined);
}

/** The server-problem modal (500/502/503/504 or a network error) and the technical-work modal. */
export function SystemModals() {
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
  if (serverProblem === null && !work.show) return null;
  return (
    <Suspense fallback={null}>
      <SystemDialogs serverProblem={serverProblem} onCloseServerProblem={() => setServerProblem(null)} />
    </Suspense>
  );
}
