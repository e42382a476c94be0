import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PATHS, PUBLIC_PATH_PREFIXES } from '../../engine/routes';
import { useProfile } from './profile';

const SIGN_IN_PATHS: string[] = [PATHS.authInn, PATHS.authLogin];
const OPEN_PATHS: string[] = [PATHS.registration, PATHS.maintenance];

/**
 * Spec §4: with a token, the sign-in screens lead to incoming documents; without one, every other
 * route except registration, the maintenance page and a document's public verification page leads to
 * certificate sign-in, remembering where the person was going.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const location = useLocation();
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (profile && SIGN_IN_PATHS.includes(path)) return <Navigate to={PATHS.incoming} replace />;
  const open = OPEN_PATHS.includes(path) || PUBLIC_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
  if (!profile && !SIGN_IN_PATHS.includes(path) && !open) {
    return <Navigate to={PATHS.authInn} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
