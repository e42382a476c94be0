import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { RouteGuard } from './auth/RouteGuard';
import { SystemModals } from './system/SystemModals';
import { Loading } from './ui/Feedback';
import { Toaster } from './ui/toast/Toaster';

/** The spec's route name of the deepest match, for screens that switch on it (catalogue tabs). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i].handle as { name?: string } | undefined)?.name;
    if (name) return name;
  }
  return undefined;
}

export function AppRoot() {
  return (
    <>
      <RouteGuard>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </RouteGuard>
      <Toaster />
      <SystemModals />
    </>
  );
}
