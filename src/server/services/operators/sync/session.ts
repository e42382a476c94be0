// A signed-in session at the organisation's operator, from its binding (bind's bindingOf). Sessions
// are kept in memory until shortly before the operator's token expires; a refused token signs in
// again once. Credentials and tokens are never logged.
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { bindingOf } from '../binding';
import { credentialKeyOf } from '../credentialKey';
import {
  type OperatorCredentials,
  OperatorError,
  type OperatorProvider,
  type OperatorSession,
  providerOf,
} from '../providers';

export interface SyncDeps {
  db: Db;
  config: Config;
}

export interface OperatorLink {
  organizationId: string;
  /** The organisation's TIN or PINFL: its login at the operator and its party identity. */
  identity: string;
  provider: OperatorProvider;
  credentials: OperatorCredentials;
}

/** The organisation's operator and how to sign in there, or null when it is not bound. */
export async function operatorLinkOf(deps: SyncDeps, organizationId: string): Promise<OperatorLink | null> {
  const binding = await bindingOf(deps.db, organizationId, credentialKeyOf(deps.config));
  if (!binding) return null;
  const provider = providerOf(binding.provider);
  if (!provider) return null;
  const { rows } = await deps.db.query<{ tin: string | null; pinfl: string | null }>(
    'select tin, pinfl from organizations where id = $1',
    [organizationId],
  );
  const identity = rows[0]?.tin ?? rows[0]?.pinfl;
  if (!identity) return null;
  // In demo mode every operator is the stand-in (src/emulator/operator).
  const standIn =
    deps.config.demo && !deps.config.production ? (deps.config.operator?.standInUrl ?? null) : null;
  return {
    organizationId,
    identity,
    provider,
    credentials: {
      login: binding.credentials.login || identity,
      password: binding.credentials.password ?? '',
      partnerToken: binding.credentials.partnerToken || null,
      baseUrl: standIn ?? binding.credentials.baseUrl ?? provider.defaultBaseUrl,
    },
  };
}

const sessions = new Map<string, OperatorSession>();

/** A session for the link, signing in when none is held or it is about to expire. */
export async function sessionOf(link: OperatorLink, fresh = false): Promise<OperatorSession> {
  const key = `${link.organizationId}:${link.provider.name}:${link.credentials.baseUrl}`;
  const held = sessions.get(key);
  if (held && !fresh && held.expiresAt.getTime() > Date.now()) return held;
  const session = await link.provider.signIn(link.credentials);
  sessions.set(key, session);
  return session;
}

/** Runs `call` with a session; a refused token (401) signs in again once. */
export async function withSession<T>(
  link: OperatorLink,
  call: (s: OperatorSession) => Promise<T>,
): Promise<T> {
  try {
    return await call(await sessionOf(link));
  } catch (err) {
    if (!(err instanceof OperatorError) || err.kind !== 'unauthorized') throw err;
    return call(await sessionOf(link, true));
  }
}

/** Test connection (Synchronize/testConnection): signs in with the bound credentials. */
export async function checkConnection(
  deps: SyncDeps,
  organizationId: string,
): Promise<{ ok: true } | { ok: false; error: OperatorError['kind'] | 'notBound'; message?: string }> {
  const link = await operatorLinkOf(deps, organizationId);
  if (!link) return { ok: false, error: 'notBound' };
  try {
    await sessionOf(link, true);
    return { ok: true };
  } catch (err) {
    if (err instanceof OperatorError) return { ok: false, error: err.kind, message: err.message };
    throw err;
  }
}
