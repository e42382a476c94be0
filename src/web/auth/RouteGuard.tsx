import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PATHS, PUBLIC_PATH_PREFIXES } from '../../engine/routes';
import { Loading } from '../ui/Feedback';
import { useProfile, useSessionPending } from './profile';

const SIGN_IN_PATHS: string[] = [PATHS.authInn, PATHS.authLogin];
const OPEN_PATHS: string[] = [PATHS.registration, PATHS.maintenance];

/**
 * Spec §4: with a token, the sign-in screens lead to incoming documents; without one, every other
 * route except registration, the maintenance page and a document's public verification page leads to
 * certificate sign-in, remembering where the person was going. The token is in memory
 * (auth/profile.ts): after a reload the guard waits until restoreSession() has answered.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const pending = useSessionPending();
  const location = useLocation();
  // After a reload the session is being renewed from its cookie: decide once it has answered.
  if (pending) return <Loading />;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (profile && SIGN_IN_PATHS.includes(path)) return <Navigate to={PATHS.incoming} replace />;
  const open = OPEN_PATHS.includes(path) || PUBLIC_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
  if (!profile && !SIGN_IN_PATHS.includes(path) && !open) {
    return <Navigate to={PATHS.authInn} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
