import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../engine/constants';
import type { AuthUser } from '../../auth/types';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { hasAdminRight, requireAdminRight } from '../access';
import { auditSettings } from '../access/settingsAudit';
import { askTaxAuthority, taxAuthorityOf } from '../soliq/instance';
import type { ExchangeOperator } from '../soliq/types';
import {
  type BindingSummary,
  BindingUnreadableError,
  bindingOf,
  describeBinding,
  removeBinding,
  saveBinding,
} from './binding';
import { MARKET_OPERATORS, OPERATOR_PROVIDERS, providerById } from './catalogue';
import { credentialKeyOf } from './credentialKey';
import type { Credentials } from './credentials';
import { checkConnection } from './sync/session';

// What the Synchronize group's binding operations do (routes/Synchronize.ts stays thin): the
// "Exchange operator" settings screen reads getProvider, binds with bindProvider, compares with the tax
// portal through IsSelectedOperator and asks testConnection. Nothing here answers a credential.

type App = Pick<FastifyInstance, 'config' | 'db'>;

export interface ProviderSettings {
  providers: Array<{
    id: string;
    name: string;
    fields: Array<{ key: string; secret: boolean; required: boolean; maxLength: number }>;
  }>;
  binding: BindingSummary | null;
  /** The caller holds admin:exchange. */
  canBind: boolean;
  /** False in production without OPERATOR_CREDENTIALS_KEY: nothing can be bound. */
  keyConfigured: boolean;
}

export async function providerSettings(app: App, user: AuthUser): Promise<ProviderSettings> {
  const key = credentialKeyOf(app.config);
  const [binding, canBind] = await Promise.all([
    describeBinding(app.db, user.organizationId, key),
    hasAdminRight(app.db, user, 'exchange'),
  ]);
  return {
    providers: OPERATOR_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      fields: p.fields.map((f) => ({ ...f })),
    })),
    binding,
    canBind,
    keyConfigured: key !== null,
  };
}

function keyOrRefuse(app: App) {
  const key = credentialKeyOf(app.config);
  if (!key) throw new ApiError(503, 'OPERATOR_KEY_MISSING', 'operators:errors.keyMissing');
  return key;
}

/** Binds (provider + credentials) or, with provider null, unbinds. admin:exchange only. */
export async function bindProvider(
  app: App,
  user: AuthUser,
  body: { provider: string | null; credentials?: Credentials },
  ip: string | null,
): Promise<BindingSummary | null> {
  await requireAdminRight(app.db, user, 'exchange', { ip });
  if (body.provider === null) {
    const removed = await removeBinding(app.db, user.organizationId);
    if (removed) await auditSettings(app.db, user, { event: 'settings.operator.unbound', ip });
    return null;
  }
  const outcome = await saveBinding(app.db, keyOrRefuse(app), {
    organizationId: user.organizationId,
    provider: body.provider,
    credentials: body.credentials ?? {},
    userId: user.userId,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'unknownProvider')
      throw new ApiError(400, 'UNKNOWN_PROVIDER', 'operators:errors.unknownProvider');
    throw new ApiError(400, 'VALIDATION', 'operators:errors.missingField', { field: outcome.field }, [
      { path: `/credentials/${outcome.field}`, message: '', key: 'validation:required' },
    ]);
  }
  // The provider's id only: what was typed is never written to the audit log.
  await auditSettings(app.db, user, {
    event: 'settings.operator.bound',
    ip,
    detail: { provider: outcome.summary.provider, previousProvider: outcome.previousProvider },
  });
  return outcome.summary;
}

export interface PortalComparison {
  /** The operator the organisation bound here; null: none. */
  provider: string | null;
  /** What the tax portal lists for the company; null: nothing (or the company has no TIN). */
  portal: ExchangeOperator | null;
  /** The bound operator is the one the portal lists (null when either is missing). */
  selected: boolean | null;
  /** The portal's operator is one Hujjat can speak to. */
  portalSupported: boolean;
}

/** IsSelectedOperator: the bound operator against the tax portal's record (503 when the portal cannot answer). */
export async function compareWithPortal(app: App, user: AuthUser): Promise<PortalComparison> {
  const [binding, portal] = await Promise.all([
    describeBinding(app.db, user.organizationId, null),
    user.tin ? askTaxAuthority(() => taxAuthorityOf(app).exchangeOperator(user.tin as string)) : null,
  ]);
  const provider = binding?.provider ?? null;
  const supported = portal ? (MARKET_OPERATORS[portal.operator]?.provider ?? null) : null;
  return {
    provider,
    portal,
    selected: provider && portal ? supported === provider : null,
    portalSupported: supported !== null,
  };
}

/** What a connection test found: the binding's state, or the operator's answer to a sign-in. */
export type ConnectionReason =
  | 'ok'
  | 'notBound'
  | 'unreadable'
  | 'unauthorized'
  | 'forbidden'
  | 'rateLimited'
  | 'down'
  | 'rejected'
  | 'notFound';

export interface ConnectionCheck {
  ok: boolean;
  reason: ConnectionReason;
  provider: string | null;
  /** What answered: the stored binding (not bound, unreadable) or the operator itself (a sign-in). */
  checkedBy: 'binding' | 'operator';
  /** The reason in the caller's language (operators:settings.testResult.<reason>). */
  message: string;
}

function connectionCheck(
  lang: Locale,
  reason: ConnectionReason,
  provider: string | null,
  checkedBy: ConnectionCheck['checkedBy'],
): ConnectionCheck {
  const message = translate(lang, `operators:settings.testResult.${reason}`, {
    name: provider ? (providerById(provider)?.name ?? provider) : '',
  });
  return { ok: reason === 'ok', reason, provider, checkedBy, message };
}

/**
 * testConnection: signs in at the bound operator with the stored credentials (sync/session.ts
 * checkConnection), so a wrong credential or an operator that is down is said. admin:exchange only.
 */
export async function testConnection(
  app: App,
  user: AuthUser,
  ip: string | null,
  lang: Locale,
): Promise<ConnectionCheck> {
  await requireAdminRight(app.db, user, 'exchange', { ip });
  let provider: string;
  try {
    const binding = await bindingOf(app.db, user.organizationId, credentialKeyOf(app.config));
    if (!binding) return connectionCheck(lang, 'notBound', null, 'binding');
    provider = binding.provider;
  } catch (err) {
    if (!(err instanceof BindingUnreadableError)) throw err;
    const summary = await describeBinding(app.db, user.organizationId, null);
    return connectionCheck(lang, 'unreadable', summary?.provider ?? null, 'binding');
  }
  const checked = await checkConnection({ db: app.db, config: app.config }, user.organizationId);
  if (checked.ok) return connectionCheck(lang, 'ok', provider, 'operator');
  if (checked.error === 'notBound') return connectionCheck(lang, 'notBound', provider, 'binding');
  return connectionCheck(lang, checked.error, provider, 'operator');
}
